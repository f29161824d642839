package com.paywire.persistence.deployment;

import java.util.Map;
import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * The one-shot schema migration a deployment runs before it rolls out (the API's jar with
 * {@code --paywire.migrate-only=true} or {@code PAYWIRE_MIGRATE_ONLY=true}), while its runtime pods keep
 * {@code PAYWIRE_FLYWAY_ENABLED=false}: Flyway alone, as the owner of the schema ({@code DATABASE_MIGRATION_USERNAME}
 * and {@code DATABASE_MIGRATION_PASSWORD}, else the runtime's), then the process ends. No web server, no Temporal,
 * nothing else of the role starts.
 */
public final class DatabaseMigration {

    private static final Logger log = LoggerFactory.getLogger(DatabaseMigration.class);

    static final String MIGRATE_ONLY = "paywire.migrate-only";

    private DatabaseMigration() {
    }

    /** Whether the command line ({@code --paywire.migrate-only[=true]}) or the environment asks for the migration alone. */
    public static boolean requested(String[] args, Map<String, String> environment) {
        return OneShotMode.requested(MIGRATE_ONLY, "PAYWIRE_MIGRATE_ONLY", args, environment);
    }

    /**
     * Migrates the schema with the role's configuration ({@code configName}.yml and {@code args}).
     *
     * @return the process's exit code: 0 once migrated (a failure is thrown, and reported like a refused start)
     */
    public static int run(String configName, String... args) {
        return OneShotMode.run(Migration.class, configName, args);
    }

    /**
     * A context of this alone: its configuration is read, nothing of the role is created. Not a
     * {@code @Configuration}: the roles scan this package, and a running role must not migrate as its runtime user.
     */
    static class Migration {

        @Bean
        ApplicationRunner migrate(Environment environment) {
            return arguments -> {
                String user = OneShotMode.firstSet(environment, "paywire.migration.username",
                        "spring.datasource.username");
                String password = OneShotMode.password(environment,
                        "DATABASE_MIGRATION_PASSWORD (or DATABASE_PASSWORD)", "paywire.migration.password",
                        "spring.datasource.password");
                Flyway flyway = Flyway.configure()
                        .dataSource(environment.getRequiredProperty("spring.datasource.url"), user, password)
                        .load();
                int applied = flyway.migrate().migrationsExecuted;
                // the migrate result names no version when nothing was applied; the schema history does
                var current = flyway.info().current();
                log.info("Schema migrated as {}: {} migrations applied, now at version {}", user, applied,
                        current == null ? "none" : current.getVersion());
            };
        }
    }
}
