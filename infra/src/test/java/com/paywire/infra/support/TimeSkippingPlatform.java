package com.paywire.infra.support;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.paywire.activities.cards.CardRecordActivitiesImpl;
import com.paywire.activities.cards.FraudScreenActivitiesImpl;
import com.paywire.activities.collections.DepositActivitiesImpl;
import com.paywire.domain.cards.FraudScreen;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.activities.notifications.NotificationActivitiesImpl;
import com.paywire.activities.rails.CardProcessorActivitiesImpl;
import com.paywire.activities.rails.RailsProperties;
import com.paywire.activities.rails.StkPushRailActivitiesImpl;
import com.paywire.infra.notifications.PublishingWorkflowImpl;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.cards.CardTransactionStore;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.persistence.notifications.WebhookStore;
import com.paywire.persistence.secrets.SecretCipher;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.cards.CardPaymentWorkflowImpl;
import com.paywire.workflows.collections.ExpressDepositWorkflowImpl;
import com.paywire.workflows.notifications.DeliveryWorkflowImpl;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.MapPropertySource;
import org.springframework.http.MediaType;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * The API application with Temporal replaced by the time-skipping test environment, in which the real
 * workflows and activities of notifications and collections run; one WireMock server plays every outside
 * party (rails, merchant callback receivers, webhook endpoints). Use it with
 * {@code @SpringBootTest(classes = {ApiApplication.class, TimeSkippingPlatform.class})} and
 * {@code @ContextConfiguration(initializers = TimeSkippingPlatform.FreshDatabase.class)}.
 */
@TestConfiguration(proxyBeanMethods = false)
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
            context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("fresh database", Map.of(
                    "spring.datasource.url", TestDatabase.newDatabaseUrl(),
                    "spring.datasource.username", "postgres",
                    "spring.datasource.password", "postgres",
                    "paywire.cards.processor-base-url", OUTSIDE.baseUrl())));
        }
    }

    /** A client of the API under test that returns every answer, errors included, instead of throwing. */
    public static RestClient http(int port) {
        return RestClient.builder().baseUrl("http://localhost:" + port)
                .defaultStatusHandler(status -> true, (request, response) -> { }).build();
    }

    /** A token for the sandbox client. */
    public static String sandboxToken(RestClient http) {
        return token(http, "paywire-sandbox", "sandbox-secret");
    }

    public static String token(RestClient http, String clientId, String secret) {
        var form = new LinkedMultiValueMap<String, String>();
        form.add("grant_type", "client_credentials");
        form.add("client_id", clientId);
        form.add("client_secret", secret);
        return http.post().uri("/connect/token").contentType(MediaType.APPLICATION_FORM_URLENCODED).body(form)
                .retrieve().body(JsonNode.class).get("access_token").asString();
    }

    @Bean(destroyMethod = "close")
    TestWorkflowEnvironment testWorkflowEnvironment(EventStore events, WebhookStore webhooks, ApiClientStore clients,
                                                    SecretCipher cipher, UrlPolicy urlPolicy, DepositStore deposits,
                                                    Ledger ledger, CardTransactionStore cardTransactions,
                                                    FraudScreen fraudScreen, TransactionTemplate transaction,
                                                    Clock clock) {
        TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance();
        RailsProperties rails = new RailsProperties(OUTSIDE.baseUrl(), OUTSIDE.baseUrl(), OUTSIDE.baseUrl(),
                "http://127.0.0.1:9/not-used-here", Duration.ofSeconds(1), Duration.ofSeconds(3));
        EventPublisher publisher = new EventPublisher(events, env.getWorkflowClient(), clock);
        NotificationActivitiesImpl notifications = new NotificationActivitiesImpl(events, webhooks, clients, cipher,
                urlPolicy, transaction, publisher, clock);
        Worker notificationWorker = env.newWorker(TaskQueues.NOTIFICATIONS);
        // the publisher stands in for the payment workflows that will publish events
        notificationWorker.registerWorkflowImplementationTypes(DeliveryWorkflowImpl.class, PublishingWorkflowImpl.class);
        notificationWorker.registerActivitiesImplementations(notifications);
        Worker collectionWorker = env.newWorker(TaskQueues.COLLECTIONS);
        collectionWorker.registerWorkflowImplementationTypes(ExpressDepositWorkflowImpl.class);
        collectionWorker.registerActivitiesImplementations(
                new DepositActivitiesImpl(deposits, ledger, publisher, transaction, clock),
                new StkPushRailActivitiesImpl(rails));
        Worker cardWorker = env.newWorker(TaskQueues.CARDS);
        cardWorker.registerWorkflowImplementationTypes(CardPaymentWorkflowImpl.class);
        cardWorker.registerActivitiesImplementations(new CardRecordActivitiesImpl(cardTransactions),
                new CardProcessorActivitiesImpl(rails), new FraudScreenActivitiesImpl(fraudScreen));
        env.start();
        return env;
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
