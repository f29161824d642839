package com.paywire.api;

import com.paywire.domain.DomainConfiguration;
import com.paywire.domain.IntakeConfiguration;
import com.paywire.domain.platform.ApiDeployment;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Import;
import org.springframework.scheduling.annotation.EnableScheduling;

/** The API process. In production many replicas run behind a load balancer; locally the launcher in infra starts one. */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
@Import({DomainConfiguration.class, IntakeConfiguration.class, ApiDeployment.class})
public class ApiApplication {

    /** The API reads paywire-api.yml, so that it can share a JVM with the worker without sharing its configuration. */
    public static final String CONFIG_NAME = "paywire-api";

    /**
     * With {@code --paywire.migrate-only=true} (or {@code PAYWIRE_MIGRATE_ONLY=true}), migrates the schema and exits;
     * with {@code --paywire.rewrap-secrets=true} (or {@code PAYWIRE_REWRAP_SECRETS=true}), re-encrypts what previous
     * secrets keys sealed under the current one and exits.
     */
    public static void main(String[] args) {
        ApiDeployment.runOneShotIfRequested(CONFIG_NAME, args, System.getenv()).ifPresent(System::exit);
        builder().run(args);
    }

    public static SpringApplicationBuilder builder() {
        return new SpringApplicationBuilder(ApiApplication.class)
                .properties("spring.config.name=" + CONFIG_NAME);
    }
}
