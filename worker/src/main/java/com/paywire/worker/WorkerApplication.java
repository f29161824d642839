package com.paywire.worker;

import com.paywire.activities.ActivitiesConfiguration;
import com.paywire.persistence.deployment.DeploymentSettings;
import java.util.Map;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.MapPropertySource;

/**
 * The worker process. In production run as many per task queue as the load needs; locally the launcher starts one.
 * Its HTTP is the management port alone (health and metrics): it takes no requests.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
@Import({ActivitiesConfiguration.class, DeploymentSettings.class})
public class WorkerApplication {

    /** The worker reads paywire-worker.yml, so that it can share a JVM with the API without sharing its configuration. */
    public static final String CONFIG_NAME = "paywire-worker";

    /** What sets the worker's HTTP port: {@code paywire.worker.management-port}, {@code PAYWIRE_WORKER_MANAGEMENT_PORT}. */
    public static final String MANAGEMENT_PORT = "paywire.worker.management-port";

    public static void main(String[] args) {
        builder().run(args);
    }

    public static SpringApplicationBuilder builder() {
        return new SpringApplicationBuilder(WorkerApplication.class)
                .properties("spring.config.name=" + CONFIG_NAME)
                .initializers(WorkerApplication::listenOnTheManagementPort);
    }

    /**
     * The worker serves HTTP on its management port and nowhere else: that key wins over {@code server.port}, which
     * in the local stack is on the command line that the API, in the same JVM, reads too.
     */
    static void listenOnTheManagementPort(ConfigurableApplicationContext context) {
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("worker management port",
                Map.of("server.port", "${" + MANAGEMENT_PORT + "}")));
    }
}
