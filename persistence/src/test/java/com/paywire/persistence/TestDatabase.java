package com.paywire.persistence;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A real PostgreSQL for tests: one embedded server per test JVM, a fresh database per caller,
 * so test classes never see each other's rows.
 */
public final class TestDatabase {

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static EmbeddedPostgres server;

    private TestDatabase() {
    }

    /** Creates an empty database and answers its JDBC URL (user and password: postgres). */
    public static synchronized String newDatabaseUrl() {
        String name = "paywire_test_" + DATABASES.incrementAndGet();
        try (Connection c = server().getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("create database " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("could not create test database " + name, e);
        }
        return server.getJdbcUrl("postgres", name);
    }

    /**
     * A fresh database migrated up to {@code version} alone, for a migration's test to put in the rows the
     * migration after it must carry over; {@link #migrate} then runs the rest.
     */
    public static DataSource newDatabaseAt(String version) {
        DataSource db = new DriverManagerDataSource(newDatabaseUrl(), "postgres", "postgres");
        Flyway.configure().dataSource(db).target(version).load().migrate();
        return db;
    }

    /** Runs every migration the database has not run yet. */
    public static void migrate(DataSource db) {
        Flyway.configure().dataSource(db).load().migrate();
    }

    /** Points a Spring test context at a fresh database. */
    public static void register(DynamicPropertyRegistry registry) {
        String url = newDatabaseUrl();
        registry.add("spring.datasource.url", () -> url);
        registry.add("spring.datasource.username", () -> "postgres");
        registry.add("spring.datasource.password", () -> "postgres");
    }

    private static EmbeddedPostgres server() {
        if (server == null) {
            try {
                server = EmbeddedPostgres.builder()
                    // a refused statement's DETAIL quotes the row's values (payer numbers, ids): keep them out of the log
                    .setServerConfig("log_error_verbosity", "terse").start();
            } catch (IOException e) {
                throw new UncheckedIOException("could not start embedded PostgreSQL", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    server.close();
                } catch (IOException ignored) {
                    // the JVM is going away; the temp directory is removed with it
                }
            }));
        }
        return server;
    }
}
