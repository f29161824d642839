package com.paywire.activities.payouts;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.payouts.PayoutHarness.LineSpec;
import com.paywire.activities.rails.PayoutRailActivitiesImpl;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.payouts.LatePayoutAnswerWorkflowImpl;
import com.paywire.workflows.payouts.PaymentOrderCommand;
import com.paywire.workflows.payouts.PaymentOrderLineWorkflow;
import com.paywire.workflows.payouts.PaymentOrderLineWorkflowImpl;
import com.paywire.workflows.payouts.PaymentOrderWorkflow;
import com.paywire.workflows.payouts.PaymentOrderWorkflowImpl;
import com.paywire.workflows.payouts.PayoutActivities;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.PayoutRailActivities;
import com.paywire.workflows.payouts.PayoutTiming;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Where a test of the payout workflows with their real activities starts from: real PostgreSQL, a WireMock rail
 * over HTTP, and Temporal's time-skipping test service (one per test, started with the activities it runs), so the
 * rail's answer window and the reconciliation day pass in milliseconds. Its subclasses share one Spring context,
 * so one database and one rail, reset before each test; each test pays its own clients.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
abstract class PayoutWorkflowTestBase {

    static final String MOBILE = "/mobile-money/b2c/payments";
    static final String BANK = "/bank/transfers";
    /** One line at a time, so the order in which lines reserve (and so who runs short) is fixed. */
    static final PayoutTiming TIMING =
            new PayoutTiming(Duration.ofMinutes(2), Duration.ofSeconds(20), Duration.ofHours(24), 1);

    /** Started once for every subclass, as their shared context is, and stopped with the test JVM. */
    static final WireMockServer rail = new WireMockServer(options().dynamicPort());

    static {
        rail.start();
        Runtime.getRuntime().addShutdownHook(new Thread(rail::stop));
    }

    @Autowired
    PayoutActivitiesImpl payoutActivities;
    @Autowired
    PayoutRailActivitiesImpl railActivities;
    @Autowired
    PayoutStore store;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    JdbcClient jdbc;

    TestWorkflowEnvironment env;
    PayoutHarness harness;
    PaymentOrderCommand lastOrder;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        registry.add("paywire.rails.mobile-money-base-url", rail::baseUrl);
        registry.add("paywire.rails.bank-base-url", rail::baseUrl);
        registry.add("paywire.rails.card-processor-base-url", rail::baseUrl);
        registry.add("paywire.rails.identity-registry-base-url", rail::baseUrl);
        registry.add("paywire.rails.airtime-base-url", rail::baseUrl);
        registry.add("paywire.rails.biller-base-url", rail::baseUrl);
        registry.add("paywire.rails.callback-base-url", () -> "http://127.0.0.1:9/unused");
        registry.add("paywire.rails.connect-timeout", () -> "1s");
        registry.add("paywire.rails.read-timeout", () -> "2s");
    }

    @BeforeEach
    void setUp() {
        rail.resetAll();
        harness = new PayoutHarness(store, clients, ledger);
    }

    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        if (env != null) {
            recordHistoryIfAsked(test);
            env.close();
        }
    }

    void startWorker(PayoutActivities payouts, PayoutRailActivities rails) {
        env = TestWorkflowEnvironment.newInstance();
        SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
        Worker worker = env.newWorker(TaskQueues.PAYOUTS);
        worker.registerWorkflowImplementationTypes(PaymentOrderWorkflowImpl.class, PaymentOrderLineWorkflowImpl.class,
                LatePayoutAnswerWorkflowImpl.class);
        worker.registerActivitiesImplementations(payouts, rails);
        env.start();
    }

    PaymentOrderWorkflow orderStub(PaymentOrderCommand order) {
        lastOrder = order;
        return env.getWorkflowClient().newWorkflowStub(PaymentOrderWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.PAYOUTS)
                .setWorkflowId(WorkflowIds.paymentOrder(order.clientId(), order.originatorConversationId()))
                .build());
    }

    void run(PaymentOrderCommand order) {
        orderStub(order).process(order);
    }

    PaymentOrderLineWorkflow directLineStub(PayoutLineCommand line) {
        return env.getWorkflowClient().newWorkflowStub(PaymentOrderLineWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.PAYOUTS)
                .setWorkflowId(WorkflowIds.payoutLine(line.clientId(), line.systemTraceAuditNumber()))
                .setWorkflowExecutionTimeout(Duration.ofHours(1))
                .build());
    }

    PaymentOrderLineWorkflow lineStub(PayoutLineCommand line) {
        return env.getWorkflowClient().newWorkflowStub(PaymentOrderLineWorkflow.class,
                WorkflowIds.payoutLine(line.clientId(), line.systemTraceAuditNumber()));
    }

    /** The types of the events published to the client, in alphabetical order. */
    List<String> eventTypes(String client) {
        return jdbc.sql("select type from events where client_id = ? order by type").param(client)
                .query(String.class).list();
    }

    int postedTransfers(PayoutLineCommand line) {
        return jdbc.sql("select count(*) from ledger_transfer_states where reservation_key = ? and state = ?")
                .params("payout:" + line.reference(), TransferState.POSTED.name()).query(Integer.class).single();
    }

    static ResponseDefinitionBuilder accepted() {
        return aResponse().withStatus(202).withHeader("Content-Type", "application/json")
                .withBody("{\"transactionId\":\"TX-42\",\"responseCode\":\"0\",\"responseDescription\":\"Accepted\"}");
    }

    /**
     * A worker with the real activities, and an order of one line of 300.00 (fee 10.00) for {@code client} to the
     * silent wallet, which the rail takes and never says more of, by callback or status query.
     */
    PaymentOrderCommand lineTheRailNeverAnswers(String client) {
        startWorker(payoutActivities, railActivities);
        railAccepts();
        PaymentOrderCommand order = harness.record(client, TIMING, LineSpec.mobile("+254711000004", "300.00"));
        railAnswers(order.lines().getFirst(), "PENDING", null, null);
        return order;
    }

    void railAccepts() {
        rail.stubFor(post(urlPathEqualTo(MOBILE)).willReturn(accepted()));
        rail.stubFor(post(urlPathEqualTo(BANK)).willReturn(accepted()));
    }

    void railAnswers(PayoutLineCommand line, String status, String code, String description) {
        String path = (line.rail() == Rail.BANK ? BANK : MOBILE) + "/" + line.reference();
        rail.stubFor(get(urlPathEqualTo(path)).willReturn(okJson("""
                {"reference":"%s","status":"%s","resultCode":%s,"resultDescription":%s,
                 "receiptNumber":"R-%s","recipientName":"Jane Doe","walletBalance":"5000000.00"}
                """.formatted(line.reference(), status, code == null ? "null" : "\"" + code + "\"",
                description == null ? "null" : "\"" + description + "\"", line.reference()))));
    }

    /** Keeps the histories of this run for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    private void recordHistoryIfAsked(TestInfo test) throws IOException {
        String target = System.getProperty("paywire.recordHistories");
        if (target == null || lastOrder == null) {
            return;
        }
        Path dir = Path.of(target);
        Files.createDirectories(dir);
        String name = test.getTestMethod().orElseThrow().getName();
        WorkflowClient client = env.getWorkflowClient();
        Files.writeString(dir.resolve("payment-order-" + name + ".json"), client.fetchHistory(
                WorkflowIds.paymentOrder(lastOrder.clientId(), lastOrder.originatorConversationId())).toJson(true));
        PayoutLineCommand line = lastOrder.lines().getFirst();
        Files.writeString(dir.resolve("payout-line-" + name + ".json"), client.fetchHistory(
                WorkflowIds.payoutLine(line.clientId(), line.systemTraceAuditNumber())).toJson(true));
    }
}
