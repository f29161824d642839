package com.paywire.persistence.deployment;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;

/**
 * What the API jar's one-shot modes share ({@link DatabaseMigration}, {@link SecretsRewrapMode}): asked for by a
 * flag on the command line or a variable, they run in a context of their own, with the role's configuration and
 * nothing of the role (no web server, no Temporal), and end the process.
 */
final class OneShotMode {

    private OneShotMode() {
    }

    /** Whether the command line ({@code --property[=true]}) or the environment ({@code variable=true}) asks for it. */
    static boolean requested(String property, String variable, String[] args, Map<String, String> environment) {
        return Arrays.stream(args).anyMatch(arg -> arg.equals("--" + property)
                || arg.equalsIgnoreCase("--" + property + "=true"))
                || "true".equalsIgnoreCase(environment.get(variable));
    }

    /**
     * Runs the context, whose beans do the work as it starts, with the role's configuration ({@code configName}.yml
     * and {@code args}).
     *
     * @return the process's exit code: 0 once done (a failure is thrown, and reported like a refused start)
     */
    static int run(Class<?> context, String configName, String... args) {
        return SpringApplication.exit(new SpringApplicationBuilder(context)
                .web(WebApplicationType.NONE)
                .properties("spring.config.name=" + configName)
                .run(args));
    }

    static String firstSet(Environment environment, String... properties) {
        return Arrays.stream(properties).map(environment::getProperty)
                .filter(value -> value != null && !value.isBlank()).findFirst().orElse(null);
    }

    /**
     * The first of these passwords set; none is the local profile's embedded database alone.
     *
     * @param variables what an operator sets, named in the refusal
     * @throws DeploymentSettings.RefusedToStart outside the local profile when none is set
     */
    static String password(Environment environment, String variables, String... properties) {
        String password = firstSet(environment, properties);
        if (password == null && !environment.acceptsProfiles(Profiles.of("local"))) {
            throw new DeploymentSettings.RefusedToStart(List.of(variables + " is not set"));
        }
        return password;
    }
}
