package com.paywire.infra.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.ApiApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.deployment.DatabaseMigration;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/** The API's jar run once before a roll-out: the schema migrated by its owner, and the process done. */
class DatabaseMigrationTest {

    @Test
    void givenMigrateOnly_theSchemaShouldBeMigratedByTheMigrationUser_andTheRunShouldEnd() throws SQLException {
        String url = TestDatabase.newDatabaseUrl().replaceFirst("\\?.*", ""); // without its ?user=postgres
        String owner = "paywire_owner_" + ThreadLocalRandom.current().nextInt(1_000_000);
        try (Connection admin = DriverManager.getConnection(url, "postgres", "postgres");
             Statement sql = admin.createStatement()) {
            sql.execute("create role " + owner + " login password 'test-only'");
            sql.execute("grant all on schema public to " + owner);
        }

        int exitCode = DatabaseMigration.run(ApiApplication.CONFIG_NAME, "--spring.profiles.active=production",
                "--spring.main.banner-mode=off", "--paywire.migrate-only=true", "--DATABASE_URL=" + url,
                "--DATABASE_USERNAME=postgres", "--DATABASE_PASSWORD=runtime-password",
                "--DATABASE_MIGRATION_USERNAME=" + owner, "--DATABASE_MIGRATION_PASSWORD=test-only",
                // nothing listens there: the migration must not try
                "--TEMPORAL_ADDRESS=127.0.0.1:1", "--server.port=1");

        assertThat(exitCode).isZero();
        try (Connection check = DriverManager.getConnection(url, "postgres", "postgres");
             Statement sql = check.createStatement();
             ResultSet tables = sql.executeQuery("select tableowner, (select count(*) from flyway_schema_history"
                     + " where success) from pg_tables where tablename = 'payout_lines'")) {
            assertThat(tables.next()).as("the schema's tables exist").isTrue();
            assertThat(tables.getString(1)).isEqualTo(owner);
            assertThat(tables.getInt(2)).isGreaterThan(20);
        }
    }

    @Test
    void migrateOnlyShouldBeAskedForOnTheCommandLine_orInTheEnvironment() {
        assertThat(DatabaseMigration.requested(new String[] {"--paywire.migrate-only=true"}, Map.of())).isTrue();
        assertThat(DatabaseMigration.requested(new String[] {"--paywire.migrate-only"}, Map.of())).isTrue();
        assertThat(DatabaseMigration.requested(new String[0], Map.of("PAYWIRE_MIGRATE_ONLY", "TRUE"))).isTrue();

        assertThat(DatabaseMigration.requested(new String[] {"--paywire.migrate-only=false"}, Map.of())).isFalse();
        assertThat(DatabaseMigration.requested(new String[0], Map.of("PAYWIRE_MIGRATE_ONLY", "false"))).isFalse();
        assertThat(DatabaseMigration.requested(new String[0], Map.of())).isFalse();
    }
}
