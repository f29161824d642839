package com.paywire.api.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.persistence.cards.CardTransactionStore;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.cards.AuthorisationResult;
import com.paywire.workflows.cards.CardAuthorisationCommand;
import com.paywire.workflows.cards.CardOperation;
import com.paywire.workflows.cards.CardOperationResult;
import com.paywire.workflows.cards.CardPaymentWorkflow;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.failure.ApplicationFailure;
import io.temporal.worker.WorkerFactory;
import io.temporal.workflow.Workflow;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * Operators resolving card captures and refunds the processor never answered about (docs/interface.md#operations).
 * The rows are written as the card payment workflow leaves them once it refers them (a capture PENDING, a refund
 * REFUND_INITIATED, referred); the workflow is a stand-in on a worker of this test's own, which holds the referred
 * operation and answers the {@code resolveReferred} Update as the real one does, refusing a second decision (the
 * real workflow's money is CardPaymentWorkflowStubActivitiesTest's).
 */
@ApiTest
class UnconfirmedCardOperationsApiTest extends ApiTestBase {

    private static final String SECRET = "card-referral-secret";
    private static final String QUEUE = "card-referral-api-test";

    @Autowired
    ApiClientStore clients;
    @Autowired
    CardTransactionStore cards;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    WorkflowClient temporal;

    private WorkerFactory workers;
    private String clientId;
    private String operator;
    private String authorisation;

    /**
     * Holds the one operation its command's RequestId names as referred, as the card payment workflow holds one it
     * referred, and decides it once.
     */
    public static class ReferredCardPayment implements CardPaymentWorkflow {

        private final Set<String> referred = new HashSet<>();
        private final List<String> decided = new ArrayList<>();

        @Override
        public void run(CardAuthorisationCommand command) {
            referred.add(command.requestId());
            Workflow.await(() -> referred.isEmpty() && Workflow.isEveryHandlerFinished());
        }

        @Override
        public CardOperationResult resolveReferred(OperatorResolution resolution) {
            referred.remove(resolution.paymentId());
            decided.add(resolution.paymentId() + " " + resolution.paid() + " " + resolution.reference());
            return new CardOperationResult(resolution.paymentId(), resolution.paid() ? CardTransactionStatus.CAPTURED
                    : CardTransactionStatus.DECLINED, null, "KES");
        }

        @Override
        public void validateResolveReferred(OperatorResolution resolution) {
            if (!referred.contains(resolution.paymentId())) {
                throw ApplicationFailure.newNonRetryableFailure("not referred", "InvalidCardOperation");
            }
        }

        @Override
        public AuthorisationResult authorisation() {
            throw new UnsupportedOperationException();
        }

        @Override
        public CardOperationResult capture(CardOperation capture) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void validateCapture(CardOperation capture) {
        }

        @Override
        public CardOperationResult voidAuthorisation(CardOperation voidRequest) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void validateVoid(CardOperation voidRequest) {
        }

        @Override
        public CardOperationResult refund(CardOperation refund) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void validateRefund(CardOperation refund) {
        }

        @Override
        public CardTransactionStatus status() {
            return CardTransactionStatus.CAPTURED;
        }

        @Override
        public void abandon() {
        }
    }

    @BeforeEach
    void aClientWithACardPayment() {
        clientId = "card-referral-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(clientId, "Card referral", ClientSecretHasher.hash(SECRET),
                Set.of("cards")));
        operator = ApiClientHelper.operatorToken(http);
        authorisation = "auth_" + UUID.randomUUID().toString().replace("-", "");
        row(authorisation, "AUTHORISATION", "CAPTURED", null, "order-1", "100.00");
        workers = WorkerFactory.newInstance(temporal);
        workers.newWorker(QUEUE).registerWorkflowImplementationTypes(ReferredCardPayment.class);
        workers.start();
    }

    @AfterEach
    void stopTheWorker() {
        workers.shutdownNow();
    }

    @Test
    void givenAReferredCapture_itShouldBeListedAsCard_andResolvedOnceThroughItsWorkflow_aSecondResolution409() {
        String capture = referred("CAPTURE", "PENDING", null, "req-cap-1", "100.00");
        String workflowId = runningWorkflowHolding(capture);

        JsonNode listed = queue().mine();
        assertThat(listed.size()).isEqualTo(1);
        JsonNode entry = listed.get(0);
        assertThat(entry.get("product").asString()).isEqualTo("card");
        assertThat(entry.get("id").asString()).isEqualTo(capture);
        assertThat(entry.get("originatorConversationId").asString()).isEqualTo("req-cap-1");
        assertThat(entry.get("amount").decimalValue()).isEqualByComparingTo("100.00");
        assertThat(entry.get("fee").decimalValue()).isEqualByComparingTo("0");
        assertThat(entry.get("referred").asBoolean()).isTrue();
        assertThat(entry.get("since").isNull()).isFalse();

        ResponseEntity<JsonNode> resolved = queue().resolve("card", capture, "PAID",
                "processor desk: captured, ARN 55");
        ResponseEntity<JsonNode> again = queue().resolve("card", capture, "NOT_PAID", "second thoughts");

        assertThat(resolved.getStatusCode().value()).isEqualTo(200);
        assertThat(resolved.getBody().get("product").asString()).isEqualTo("card");
        assertThat(resolved.getBody().get("id").asString()).isEqualTo(capture);
        assertThat(resolved.getBody().get("clientId").asString()).isEqualTo(clientId);
        assertThat(resolved.getBody().get("outcome").asString()).isEqualTo("PAID");
        assertThat(resolved.getBody().get("resolvedBy").asString()).isEqualTo(AdminApi.OPERATOR_ID);
        assertThat(again.getStatusCode().value()).isEqualTo(409);
        assertThat(again.getBody().get("reason").asString()).contains("not pending confirmation");
        assertThat(queue().resolutions(capture)).containsExactly("PAID processor desk: captured, ARN 55 "
                + AdminApi.OPERATOR_ID);
        assertThat(decidedBy(workflowId)).as("the workflow told once").isEqualTo(1);
    }

    @Test
    void givenAReferredRefundItsWorkflowNoLongerHolds_theResolutionShouldBe409_andNotRecorded() {
        String refund = referred("REFUND", "REFUND_INITIATED", "cap_x", "req-ref-1", "40.00");
        runningWorkflowHolding("ref_something_else");

        ResponseEntity<JsonNode> refused = queue().resolve("card", refund, "NOT_PAID", "processor: never refunded");

        assertThat(refused.getStatusCode().value()).isEqualTo(409);
        assertThat(queue().resolutions(refund)).as("taken back: the operator may resolve it once the workflow holds it")
                .isEmpty();
    }

    @Test
    void givenACardOperationNotReferred_orUnknown_itShouldNotBeListed_norResolved() {
        String capture = id("cap_");
        row(capture, "CAPTURE", "PENDING", null, "req-cap-2", "10.00"); // still asked about: not referred

        assertThat(queue().mine().size()).isZero();
        assertThat(queue().resolve("card", capture, "PAID", "x").getStatusCode().value()).isEqualTo(409);
        assertThat(queue().resolve("card", id("cap_"), "PAID", "x").getStatusCode().value()).isEqualTo(404);
        assertThat(queue().resolve("card", authorisation, "PAID", "x")
                .getStatusCode().value()).as("not a capture or refund")
                .isEqualTo(404);
        assertThat(http.post().uri("/v1/operations/unconfirmed-payments/bill/" + capture + "/resolve")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + operator).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("outcome", "PAID", "reference", "x")).retrieve().toEntity(JsonNode.class)
                .getStatusCode().value()).as("a card id is no bill payment's UUID").isEqualTo(400);
        assertThat(queue().resolutions(capture)).isEmpty();
    }

    @Test
    void givenAClientTokenWithoutTheOperationsScope_aCardOperationShouldNeitherBeListedNorResolved() {
        String capture = referred("CAPTURE", "PENDING", null, "req-cap-3", "100.00");
        String workflowId = runningWorkflowHolding(capture);
        String clientToken = ApiClientHelper.token(http, clientId, SECRET);

        ResponseEntity<JsonNode> resolved = http.post().uri(OperatorsQueue.path("card", capture))
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + clientToken).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("outcome", "PAID", "reference", "mine now")).retrieve().toEntity(JsonNode.class);
        ResponseEntity<JsonNode> listed = http.get().uri("/v1/operations/unconfirmed-payments")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + clientToken).retrieve().toEntity(JsonNode.class);

        for (ResponseEntity<JsonNode> refused : List.of(resolved, listed)) {
            assertThat(refused.getStatusCode().value()).isEqualTo(403);
            assertThat(refused.getBody().get("error").asString()).isEqualTo("insufficient_scope");
        }
        assertThat(queue().resolutions(capture)).isEmpty();
        assertThat(decidedBy(workflowId)).isZero();
    }

    private String id(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "");
    }

    /** A capture or refund as its workflow leaves it once it referred it. */
    private String referred(String type, String status, String parent, String requestId, String amount) {
        String id = id(type.equals("CAPTURE") ? "cap_" : "ref_");
        row(id, type, status, parent, requestId, amount);
        OffsetDateTime now = OffsetDateTime.now(clock);
        cards.refer(id, now.minusDays(1), now);
        return id;
    }

    private void row(String id, String type, String status, String parent, String requestId, String amount) {
        jdbc.sql("""
                insert into card_transactions (id, client_id, type, status, authorisation_id, parent_id, order_id,
                    request_id, amount, currency, created_at)
                values (?, ?, ?, ?, ?, ?, 'order-1', ?, ?, 'KES', now())
                """).params(id, clientId, type, status, authorisation, parent, requestId, new BigDecimal(amount))
                .update();
    }

    private String runningWorkflowHolding(String operationId) {
        String workflowId = WorkflowIds.cardPayment(clientId, authorisation);
        CardPaymentWorkflow workflow = temporal.newWorkflowStub(CardPaymentWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(QUEUE).setWorkflowId(workflowId).build());
        WorkflowClient.start(workflow::run, new CardAuthorisationCommand(clientId, authorisation, operationId,
                new BigDecimal("100.00"), "KES", "pi_1", "VISA", "1111", "12", "2030", null, null, null,
                Duration.ofDays(7), 0L, null, null));
        return workflowId;
    }

    private long decidedBy(String workflowId) {
        return temporal.fetchHistory(workflowId).getEvents().stream()
                .filter(e -> e.getEventType() == io.temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED)
                .count();
    }

    private OperatorsQueue queue() {
        return new OperatorsQueue(http, jdbc, operator, clientId);
    }
}
