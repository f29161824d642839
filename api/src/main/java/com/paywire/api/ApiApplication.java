package com.paywire.api;

import com.paywire.domain.DomainConfiguration;
import com.paywire.domain.IntakeConfiguration;
import com.paywire.persistence.deployment.DatabaseMigration;
import com.paywire.persistence.deployment.DeploymentSettings;
import com.paywire.persistence.deployment.SecretsRewrapMode;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Import;
import org.springframework.scheduling.annotation.EnableScheduling;

/** The API process. In production many replicas run behind a load balancer; locally the launcher in infra starts one. */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
@Import({DomainConfiguration.class, IntakeConfiguration.class, DeploymentSettings.class})
public class ApiApplication {

    /** The API reads paywire-api.yml, so that it can share a JVM with the worker without sharing its configuration. */
    public static final String CONFIG_NAME = "paywire-api";

    /**
     * With {@code --paywire.migrate-only=true} (or {@code PAYWIRE_MIGRATE_ONLY=true}), migrates the schema and exits;
     * with {@code --paywire.rewrap-secrets=true} (or {@code PAYWIRE_REWRAP_SECRETS=true}), re-encrypts what previous
     * secrets keys sealed under the current one and exits.
     */
    public static void main(String[] args) {
        if (DatabaseMigration.requested(args, System.getenv())) {
            System.exit(DatabaseMigration.run(CONFIG_NAME, args));
        }
        if (SecretsRewrapMode.requested(args, System.getenv())) {
            System.exit(SecretsRewrapMode.run(CONFIG_NAME, args));
        }
        builder().run(args);
    }

    public static SpringApplicationBuilder builder() {
        return new SpringApplicationBuilder(ApiApplication.class)
                .properties("spring.config.name=" + CONFIG_NAME);
    }
}
