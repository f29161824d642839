package com.paywire.infra.support;

import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.paywire.activities.ActivitiesConfiguration;
import com.paywire.domain.platform.TemporalProperties;
import com.paywire.infra.notifications.PublishingWorkflowImpl;
import com.paywire.persistence.TestDatabase;
import com.paywire.worker.Registrations;
import com.paywire.worker.TaskQueueRegistration;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.TemporalConnection;
import io.temporal.client.WorkflowClient;
import io.temporal.payload.codec.PayloadCodec;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.MapPropertySource;
import org.springframework.http.MediaType;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * The API application with Temporal replaced by the time-skipping test environment, in which every workflow and
 * activity runs as the worker registers them; one WireMock server plays every outside party (rails, merchant callback receivers, webhook endpoints). Use it with
 * {@code @SpringBootTest(classes = {ApiApplication.class, TimeSkippingPlatform.class})} and
 * {@code @ContextConfiguration(initializers = TimeSkippingPlatform.FreshDatabase.class)}.
 */
@TestConfiguration(proxyBeanMethods = false)
@Import({ActivitiesConfiguration.class, Registrations.class})
public class TimeSkippingPlatform {

    /** The outside world: rails and receivers. */
    public static final WireMockServer OUTSIDE = new WireMockServer(options().dynamicPort());

    static {
        OUTSIDE.start();
        Runtime.getRuntime().addShutdownHook(new Thread(OUTSIDE::stop));
    }

    /** Each context gets an empty database. */
    public static class FreshDatabase implements ApplicationContextInitializer<ConfigurableApplicationContext> {
        @Override
        public void initialize(ConfigurableApplicationContext context) {
            context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("fresh database", Map.ofEntries(
                    Map.entry("spring.datasource.url", TestDatabase.newDatabaseUrl()),
                    Map.entry("spring.datasource.username", "postgres"),
                    Map.entry("spring.datasource.password", "postgres"),
                    Map.entry("paywire.rails.mobile-money-base-url", OUTSIDE.baseUrl()),
                    Map.entry("paywire.rails.bank-base-url", OUTSIDE.baseUrl()),
                    Map.entry("paywire.rails.card-processor-base-url", OUTSIDE.baseUrl()),
                    Map.entry("paywire.rails.identity-registry-base-url", OUTSIDE.baseUrl()),
                    Map.entry("paywire.rails.airtime-base-url", OUTSIDE.baseUrl()),
                    Map.entry("paywire.rails.biller-base-url", OUTSIDE.baseUrl()),
                    Map.entry("paywire.rails.callback-base-url", "http://127.0.0.1:9/not-used-here"),
                    Map.entry("paywire.rails.connect-timeout", "1s"),
                    Map.entry("paywire.rails.read-timeout", "3s"),
                    // a rail that hangs costs a real read timeout per attempt: a short window keeps such tests short
                    Map.entry("paywire.account-validation.lookup-window", "10s"),
                    Map.entry("paywire.bills.pay-window", "10s"))));
        }
    }

    /**
     * The first POST that reaches the outside world at this path (a callback, a webhook delivery), waiting for it in
     * real time: deliveries run alongside the workflows, not on their skipped clock.
     */
    public static LoggedRequest awaitPostTo(String path) {
        long giveUp = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < giveUp) {
            List<LoggedRequest> received = OUTSIDE.findAll(postRequestedFor(urlPathEqualTo(path)));
            if (!received.isEmpty()) {
                return received.getFirst();
            }
            pause(100);
        }
        throw new AssertionError("nothing reached " + path + " within 30 s");
    }

    /** Waits in real time, for a test that polls. */
    public static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A client of the API under test that returns every answer, errors included, instead of throwing. */
    public static RestClient http(int port) {
        return ApiHttp.client("http://localhost:" + port);
    }

    /** A token for the sandbox client. */
    public static String sandboxToken(RestClient http) {
        return token(http, "paywire-sandbox", "sandbox-secret");
    }

    /** A token for the local operator client, which holds the admin and operations scopes. */
    public static String operatorToken(RestClient http) {
        return token(http, "paywire-operator", "operator-secret");
    }

    public static String token(RestClient http, String clientId, String secret) {
        return token(http, clientId, secret, null);
    }

    /** A token carrying only this scope (null: every scope the client holds). */
    public static String token(RestClient http, String clientId, String secret, String scope) {
        var form = new LinkedMultiValueMap<String, String>();
        form.add("grant_type", "client_credentials");
        form.add("client_id", clientId);
        form.add("client_secret", secret);
        if (scope != null) {
            form.add("scope", scope);
        }
        return http.post().uri("/connect/token").contentType(MediaType.APPLICATION_FORM_URLENCODED).body(form)
                .retrieve().body(JsonNode.class).get("access_token").asString();
    }

    /**
     * Its clients talk to Temporal with the roles' client options: the payment's ids reach workflows and activities,
     * and payloads go through the payload codec, as in production.
     */
    @Bean(destroyMethod = "close")
    TestWorkflowEnvironment testWorkflowEnvironment(TemporalProperties temporal, PayloadCodec payloadCodec) {
        return TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(TemporalConnection.clientOptions(temporal.namespace(), payloadCodec))
                .build());
    }

    /**
     * The worker's own registrations ({@link Registrations}), run on the time-skipping service once every bean
     * exists, with the test's stand-in publisher on the notifications queue.
     */
    @Bean
    SmartInitializingSingleton timeSkippingWorkers(TestWorkflowEnvironment env, List<TaskQueueRegistration> registrations) {
        return () -> {
            for (TaskQueueRegistration registration : registrations) {
                Worker worker = env.newWorker(registration.taskQueue());
                registration.workflowImplementations().forEach(worker::registerWorkflowImplementationTypes);
                registration.activityImplementations().forEach(worker::registerActivitiesImplementations);
                if (TaskQueues.NOTIFICATIONS.equals(registration.taskQueue())) {
                    // stands in for a payment workflow that publishes events
                    worker.registerWorkflowImplementationTypes(PublishingWorkflowImpl.class);
                }
            }
            env.start();
        };
    }

    @Bean
    @Primary
    WorkflowClient timeSkippingClient(TestWorkflowEnvironment env) {
        return env.getWorkflowClient();
    }

    @Bean
    @Primary
    WorkflowServiceStubs timeSkippingStubs(TestWorkflowEnvironment env) {
        return env.getWorkflowServiceStubs();
    }
}
