package com.paywire.worker;

import com.paywire.activities.ActivitiesConfiguration;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Import;

/** The worker process. In production run as many per task queue as the load needs; locally the launcher starts one. */
@SpringBootApplication
@ConfigurationPropertiesScan
@Import(ActivitiesConfiguration.class)
public class WorkerApplication {

    /** The worker reads paywire-worker.yml, so that it can share a JVM with the API without sharing its configuration. */
    public static final String CONFIG_NAME = "paywire-worker";

    public static void main(String[] args) {
        builder().run(args);
    }

    public static SpringApplicationBuilder builder() {
        return new SpringApplicationBuilder(WorkerApplication.class)
                .properties("spring.config.name=" + CONFIG_NAME);
    }
}
