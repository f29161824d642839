package com.paywire.infra.local;

import com.paywire.api.ApiApplication;
import com.paywire.devtemporal.DevTemporalService;
import com.paywire.domain.platform.TestClock;
import com.paywire.simulator.RailsSimulator;
import com.paywire.worker.WorkerApplication;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;

/**
 * The whole platform in one JVM, on embedded defaults: Temporal's Java dev service (real time, until the test clock
 * moves it), embedded PostgreSQL, the rails simulator, one worker and the API. The worker's and the API's Spring
 * contexts are started side by side, each exactly as it runs alone in production. State lives only as long as the
 * process: the dev service keeps workflows in memory, so the database is fresh on every start too.
 */
public final class LocalStack implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalStack.class);
    static final String LOCAL_PROFILE = "local";

    /** What to stop, most recently started first. */
    private final Deque<AutoCloseable> started = new ArrayDeque<>();
    private ConfigurableApplicationContext api;
    private ConfigurableApplicationContext worker;
    private String railsBaseUrl;
    /**
     * The test clock over the dev service's, which both roles' platform clock follows, and where the worker marks the
     * activities it runs; none with an outside Temporal.
     */
    private TestClock testClock;
    /** What every role of this stack is started with: its database, Temporal and rails. */
    private final Map<String, Object> shared = new LinkedHashMap<>();

    public static void main(String[] args) {
        long begin = System.nanoTime();
        LocalStack stack = new LocalStack();
        Runtime.getRuntime().addShutdownHook(new Thread(stack::close, "paywire-local-shutdown"));
        try {
            stack.start(LocalStackSettings.fromEnvironment(System.getenv()), args);
        } catch (RuntimeException e) {
            log.error("The local stack could not start", e);
            System.exit(1);
        }
        stack.printWelcome((System.nanoTime() - begin) / 1_000_000);
    }

    void start(LocalStackSettings settings, String... args) {
        shared.put("spring.main.banner-mode", "off");
        shared.put("spring.main.register-shutdown-hook", "false"); // this class stops things, in order
        // one logging system serves both contexts, so the logger name, not the application name, tells them apart
        shared.put("logging.include-application-name", "false");

        if (settings.databaseUrl() == null) {
            EmbeddedPostgres postgres = startPostgres();
            shared.put("DATABASE_URL", postgres.getJdbcUrl("postgres", "postgres"));
            shared.put("DATABASE_USERNAME", "postgres");
            shared.put("DATABASE_PASSWORD", "postgres");
        }
        if (settings.temporalAddress() == null) {
            started.push(DevTemporalService.start(settings.temporalPort()));
            shared.put("TEMPORAL_ADDRESS", "127.0.0.1:" + settings.temporalPort());
            log.info("Temporal dev service listening on 127.0.0.1:{}", settings.temporalPort());
            DevServiceClock serviceClock = DevServiceClock.of(settings.temporalPort());
            started.push(serviceClock);
            testClock = new TestClock(serviceClock);
            shared.put(TestClock.ENABLED, "true");
        }
        railsBaseUrl = settings.railsBaseUrl();
        if (railsBaseUrl == null) {
            RailsSimulator rails = RailsSimulator.start(settings.railsPort());
            started.push(rails);
            railsBaseUrl = rails.baseUrl();
            log.info("Rails simulator at {} with {} stub mappings", railsBaseUrl, rails.mappingCount());
        }
        shared.put("PAYWIRE_RAILS_BASE_URL", railsBaseUrl);

        // The API first: the worker must know the API's address, where rails send their callbacks.
        // Work accepted meanwhile waits safely in Temporal's task queues.
        api = run(ApiApplication.builder(), shared, args);
        started.push(api);
        if (System.getenv("PAYWIRE_RAILS_CALLBACK_BASE_URL") == null) {
            shared.put("PAYWIRE_RAILS_CALLBACK_BASE_URL", apiBaseUrl());
        }
        worker = run(WorkerApplication.builder(), shared, args);
        started.push(worker);
    }

    private EmbeddedPostgres startPostgres() {
        try {
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    // a refused statement's DETAIL quotes the row's values (payer numbers, ids): keep them out of the log
                    .setServerConfig("log_error_verbosity", "terse").start();
            started.push(postgres);
            log.info("Embedded PostgreSQL listening on 127.0.0.1:{}", postgres.getPort());
            return postgres;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start embedded PostgreSQL", e);
        }
    }

    private ConfigurableApplicationContext run(SpringApplicationBuilder builder, Map<String, Object> shared,
                                               String... args) {
        if (testClock != null) { // one clock for the stack: both roles are handed the same one
            builder.initializers(context -> context.getBeanFactory().registerSingleton("testClock", testClock));
        }
        // Both roles run with the local profile, always: it is what lets callbacks and webhooks reach http and
        // loopback receivers on this machine, and what allows the published development keys. (A default profile
        // in the shared properties did not reach the worker, which then refused every loopback delivery.)
        // The shared values are defaults: the environment and command-line arguments still win.
        return builder.profiles(LOCAL_PROFILE).properties(shared).run(args);
    }

    /**
     * One more API replica beside the first, on the same database, Temporal and rails, as a deployment runs several;
     * stopped with the stack. @return its base URL
     */
    String startAnotherApi(String... args) {
        ConfigurableApplicationContext replica = run(ApiApplication.builder(), shared, args);
        started.push(replica);
        return "http://localhost:" + replica.getEnvironment().getProperty("local.server.port");
    }

    /** A bean of the first API's, for tests that arrange what a client could not (a second client, say). */
    <T> T apiBean(Class<T> type) {
        return api.getBean(type);
    }

    /** The API's base URL, e.g. http://localhost:8080. */
    String apiBaseUrl() {
        return "http://localhost:" + api.getEnvironment().getProperty("local.server.port");
    }

    Environment apiEnvironment() {
        return api.getEnvironment();
    }

    /** The worker's management port (health, metrics), e.g. http://localhost:8081. */
    String workerManagementUrl() {
        return "http://localhost:" + worker.getEnvironment().getProperty("local.server.port");
    }

    private void printWelcome(long startMillis) {
        System.out.print(welcome(startMillis));
    }

    /** What the stack prints once it is ready: where everything is, and the credentials to start with. */
    String welcome(long startMillis) {
        String base = apiBaseUrl();
        Environment env = api.getEnvironment();
        String clientId = env.getProperty("paywire.sandbox.client-id");
        String secret = env.getProperty("paywire.sandbox.client-secret");
        String operatorId = env.getProperty("paywire.operator.client-id");
        String operatorSecret = env.getProperty("paywire.operator.client-secret");
        String port = env.getProperty("local.server.port");
        String clock = env.getProperty(TestClock.ENABLED, Boolean.class, false)
                ? "POST " + base + "/v1/sandbox/clock/advance {\"by\":\"PT2M\"} (docs/sandbox.md)"
                : "off (Temporal is not the stack's dev service)";
        return """

                ==================================================================
                 Paywire is ready (local stack, started in %d ms)
                   API          %s
                   Swagger UI   %s/swagger-ui.html
                   Health       %s/api_health_check
                   Metrics      %s/actuator/prometheus (the operator's token)
                   Worker       %s/actuator/prometheus, /actuator/health (PAYWIRE_WORKER_MANAGEMENT_PORT)
                   Rails sim    %s
                   Test clock   %s
                   Sandbox client_id      %s
                   Sandbox client_secret  %s
                   Operator client_id     %s (admin: /v1/admin/clients; operations: metrics, any timeline)
                   Operator client_secret %s

                 A client of your own (every route, a float; its events and balance are its own):
                   %s./paywire client create my-shop

                 Get a token:
                   curl -s -X POST %s/connect/token \\
                     -d grant_type=client_credentials -d client_id=%s -d client_secret=%s

                 Ctrl-C stops everything.
                ==================================================================

                """.formatted(startMillis, base, base, base, base, workerManagementUrl(), railsBaseUrl, clock, clientId,
                secret, operatorId, operatorSecret, "8080".equals(port) ? "" : "PAYWIRE_PORT=" + port + " ", base,
                clientId, secret);
    }

    @Override
    public synchronized void close() {
        while (!started.isEmpty()) {
            AutoCloseable next = started.pop();
            try {
                next.close();
            } catch (Exception e) {
                log.warn("Stopping {} failed: {}", next.getClass().getSimpleName(), e.getMessage());
            }
        }
    }
}
