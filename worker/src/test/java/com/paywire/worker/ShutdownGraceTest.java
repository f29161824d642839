package com.paywire.worker;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.workflows.Policies;
import io.temporal.activity.ActivityOptions;
import io.temporal.activity.LocalActivityOptions;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;

/**
 * A stopping worker lets its running activities finish: its default grace must outlast every activity's
 * start-to-close timeout, so raising one in {@link Policies} without the grace turns this red.
 */
class ShutdownGraceTest {

    @Test
    void theDefaultShutdownGrace_shouldExceedTheLongestActivityStartToCloseTimeout() throws Exception {
        Duration longest = startToCloseTimeouts().stream().max(Comparator.naturalOrder()).orElseThrow();

        assertThat(defaultShutdownGrace()).isGreaterThan(longest);
    }

    /** Every activity option {@link Policies} hands out, whatever window it is asked for. */
    private static List<Duration> startToCloseTimeouts() throws ReflectiveOperationException {
        List<Duration> timeouts = new ArrayList<>();
        for (Method method : Policies.class.getDeclaredMethods()) {
            if (!Modifier.isStatic(method.getModifiers()) || !Modifier.isPublic(method.getModifiers())) {
                continue;
            }
            Object[] arguments = new Object[method.getParameterCount()];
            Class<?>[] types = method.getParameterTypes();
            for (int i = 0; i < types.length; i++) {
                arguments[i] = types[i] == String.class ? "queue" : Policies.RECONCILIATION_WINDOW;
            }
            Object options = method.invoke(null, arguments);
            if (options instanceof ActivityOptions activity) {
                timeouts.add(activity.getStartToCloseTimeout());
            } else if (options instanceof LocalActivityOptions local) {
                timeouts.add(local.getStartToCloseTimeout());
            }
        }
        assertThat(timeouts).as("activity options found in Policies").hasSizeGreaterThanOrEqualTo(5);
        return timeouts;
    }

    /** As the worker binds it from its yml, with PAYWIRE_WORKER_SHUTDOWN_GRACE unset. */
    private static Duration defaultShutdownGrace() throws IOException {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
        new YamlPropertySourceLoader().load("worker", new ClassPathResource(WorkerApplication.CONFIG_NAME + ".yml"))
                .forEach(environment.getPropertySources()::addLast);
        return Binder.get(environment).bind("paywire.worker", WorkerProperties.class).get().shutdownGrace();
    }
}
