package com.paywire.api.operations;

import static com.paywire.api.support.JsonAnswers.assertNotFound;
import static com.paywire.api.support.JsonAnswers.assertScopeRefused;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.api.support.JsonAnswers;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.payouts.PayoutOutcomes;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.PayoutRecipient;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowClient;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/operations/payout-reversals} (issue 48 point 3): operators only; a completed mobile-money line's
 * reversal is recorded once per line and its workflow started; the rail's reversal callback finds that workflow by
 * the reversal's reference, beside the pay-backs'. No worker runs: the ledger's part is PayoutReversalLedgerTest's.
 */
@ApiTest
class PayoutReversalsApiTest extends ApiTestBase {

    private static final String SECRET = "reversal-secret";
    private static final String MOBILE_MONEY_SECRET = "sandbox-mobile-money-secret";
    private static final String URI = "/v1/operations/payout-reversals";

    @Autowired
    ApiClientStore clients;
    @Autowired
    PayoutStore payouts;
    @Autowired
    PayoutOutcomes outcomes;
    @Autowired
    MoneyEngine money;
    @Autowired
    Ledger ledger;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    WorkflowClient temporal;

    private String clientId;
    private String operator;

    @BeforeEach
    void aClientWithAPayoutMade() {
        clientId = "reversal-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(clientId, "Reversal", ClientSecretHasher.hash(SECRET),
                Set.of("payouts")));
        ledger.transferRequired("sandbox-opening-float:" + clientId, new Leg(LedgerAccounts.FUNDING,
                LedgerAccounts.working(clientId), new BigDecimal("1000.00")), "Funding");
        operator = ApiClientHelper.operatorToken(http);
    }

    @Test
    void givenACompletedMobileLine_anOperatorsReversalShouldBeAccepted_once_andShownById() {
        PayoutLineRow line = line(Rail.MOBILE_MONEY, LineStatus.COMPLETED);

        ResponseEntity<JsonNode> accepted = postJson(URI, body(line, "sent to the wrong wallet"), operator);
        ResponseEntity<JsonNode> again = postJson(URI, body(line, "sent to the wrong wallet"), operator);

        assertThat(accepted.getStatusCode().value()).isEqualTo(202);
        JsonNode reversal = accepted.getBody();
        assertThat(reversal.get("status").asString()).isEqualTo("PENDING");
        assertThat(reversal.get("amount").decimalValue()).isEqualByComparingTo("300.00");
        assertThat(reversal.get("currency").asString()).isEqualTo("KES");
        assertThat(reversal.get("systemTraceAuditNumber").asString()).isEqualTo(line.systemTraceAuditNumber());
        assertThat(reversal.get("lineId").asString()).isEqualTo(line.id().toString());
        assertThat(reversal.get("msisdn").asString()).isEqualTo("+254711000005");
        assertThat(reversal.get("operatorId").asString()).isEqualTo(AdminApi.OPERATOR_ID);
        assertThat(again.getStatusCode().value()).as("the same reversal, idempotent by the line").isEqualTo(200);
        String id = reversal.get("reversalId").asString();
        assertThat(again.getBody().get("reversalId").asString()).isEqualTo(id);
        assertThat(jdbc.sql("select count(*) from payout_reversals where client_id = ?").param(clientId)
                .query(Long.class).single()).isEqualTo(1);

        ResponseEntity<JsonNode> shown = getJson(URI + "/" + id, operator);
        assertThat(shown.getStatusCode().value()).isEqualTo(200);
        assertThat(shown.getBody().get("reversalId").asString()).isEqualTo(id);
        assertThat(temporal.fetchHistory(WorkflowIds.payoutReversal(clientId, id)).getEvents()).as("started")
                .isNotEmpty();

        ResponseEntity<JsonNode> otherReason = postJson(URI, body(line, "another reason"), operator);
        assertThat(otherReason.getStatusCode().value()).isEqualTo(409);
    }

    @Test
    void theRailsReversalCallback_shouldBeSignalledToThePayoutReversalsWorkflow_byItsReference() {
        PayoutLineRow line = line(Rail.MOBILE_MONEY, LineStatus.COMPLETED);
        String id = postJson(URI, body(line, "sent to the wrong wallet"), operator).getBody().get("reversalId")
                .asString();

        ResponseEntity<JsonNode> answered = callback("PR-" + id);
        ResponseEntity<JsonNode> unknown = callback("PR-" + UUID.randomUUID());
        ResponseEntity<JsonNode> payBack = callback(UUID.randomUUID().toString());

        assertThat(answered.getStatusCode().value()).isEqualTo(200);
        assertThat(answered.getBody().get("matched").asBoolean()).isTrue();
        assertThat(unknown.getBody().get("matched").asBoolean()).isFalse();
        assertThat(payBack.getStatusCode().value()).as("a pay-back's reference still goes to the pay-backs")
                .isEqualTo(200);
        assertThat(payBack.getBody().get("matched").asBoolean()).isFalse();
        assertThat(temporal.fetchHistory(WorkflowIds.payoutReversal(clientId, id)).getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED).count())
                .isEqualTo(1);
    }

    @Test
    void aReferredReversal_shouldBeResolvedByAnOperator_asTheRailsAnswerToItsWorkflow_andNothingElse() {
        PayoutLineRow line = line(Rail.MOBILE_MONEY, LineStatus.COMPLETED);
        String id = postJson(URI, body(line, "sent to the wrong wallet"), operator).getBody().get("reversalId")
                .asString();
        Map<String, Object> resolution = Map.of("outcome", "NOT_PAID", "reference", "rail ticket 4471");

        assertThat(postJson(URI + "/" + id + "/resolve", resolution, operator).getStatusCode().value())
                .as("not referred: its workflow still asks the rail").isEqualTo(409);
        jdbc.sql("update payout_reversals set status = 'REVERSING', note = ? where id = ?")
                .params("no answer from the rail in 24 h", UUID.fromString(id)).update();
        ResponseEntity<JsonNode> noOutcome = postJson(URI + "/" + id + "/resolve", Map.of("reference", "x"), operator);
        assertThat(noOutcome.getStatusCode().value()).isEqualTo(400);
        assertThat(JsonAnswers.fields(noOutcome)).containsExactly("outcome");
        assertScopeRefused(postJson(URI + "/" + id + "/resolve", resolution, ApiClientHelper.token(http, clientId,
                SECRET)), "operations");
        assertNotFound(postJson(URI + "/" + UUID.randomUUID() + "/resolve", resolution, operator));

        ResponseEntity<JsonNode> resolved = postJson(URI + "/" + id + "/resolve", resolution, operator);

        assertThat(resolved.getStatusCode().value()).as("%s", resolved.getBody()).isEqualTo(202);
        assertThat(resolved.getBody().get("reversalId").asString()).isEqualTo(id);
        List<String> signals = temporal.fetchHistory(WorkflowIds.payoutReversal(clientId, id)).getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED)
                .map(e -> e.getWorkflowExecutionSignaledEventAttributes().getSignalName()).toList();
        assertThat(signals).containsExactly("payoutReversalRailAnswer");
    }

    @Test
    void onlyACompletedMobileLine_shouldBeReversed_anUnknownOneNotFound() {
        PayoutLineRow processing = line(Rail.MOBILE_MONEY, LineStatus.PROCESSING);
        PayoutLineRow bank = line(Rail.BANK, LineStatus.COMPLETED);

        ResponseEntity<JsonNode> notCompleted = postJson(URI, body(processing, "why"), operator);
        ResponseEntity<JsonNode> notMobile = postJson(URI, body(bank, "why"), operator);
        Map<String, Object> unknownStan = body(processing, "why");
        unknownStan.put("systemTraceAuditNumber", "no-such-stan");
        ResponseEntity<JsonNode> unknown = postJson(URI, unknownStan, operator);

        assertThat(notCompleted.getStatusCode().value()).isEqualTo(409);
        assertThat(notCompleted.getBody().get("reason").asString()).contains("Completed");
        assertThat(notMobile.getStatusCode().value()).isEqualTo(422);
        assertThat(notMobile.getBody().get("reason").asString()).contains("mobile-money");
        assertNotFound(unknown);
        assertThat(unknown.getBody().get("reason").asString()).doesNotContain("no-such-stan");
        assertNotFound(getJson(URI + "/" + UUID.randomUUID(), operator));
        ResponseEntity<JsonNode> noReason = postJson(URI, body(processing, ""), operator);
        assertThat(noReason.getStatusCode().value()).isEqualTo(400);
        assertThat(jdbc.sql("select count(*) from payout_reversals where client_id = ?").param(clientId)
                .query(Long.class).single()).isZero();
    }

    @Test
    void aClientsToken_shouldBeRefused_evenForItsOwnLine() {
        PayoutLineRow line = line(Rail.MOBILE_MONEY, LineStatus.COMPLETED);
        String own = ApiClientHelper.token(http, clientId, SECRET);

        assertScopeRefused(postJson(URI, body(line, "mine"), own), "operations");
        assertScopeRefused(postJson(URI, body(line, "mine"), token), "operations");
        assertScopeRefused(getJson(URI + "/" + UUID.randomUUID(), own), "operations");
        assertThat(jdbc.sql("select count(*) from payout_reversals where client_id = ?").param(clientId)
                .query(Long.class).single()).isZero();
    }

    @Test
    void aReversedLine_shouldBeShownByCheckStatus_withStatus6() {
        PayoutLineRow line = line(Rail.MOBILE_MONEY, LineStatus.COMPLETED);
        payouts.setStatus(line.railReference(), LineStatus.REVERSED); // as the reversal's workflow leaves it
        String own = ApiClientHelper.token(http, clientId, SECRET);
        String ocid = payouts.findOrder(line.orderId()).orElseThrow().originatorConversationId();

        JsonNode outcome = http.get().uri("/v1/payment-order/check-status?IdType={t}&Id={i}",
                        "OriginatorConversationId", ocid).header(HttpHeaders.AUTHORIZATION, "Bearer " + own)
                .retrieve().toEntity(JsonNode.class).getBody().get("orderLines").get(0).get("transactionOutcome");

        assertThat(outcome.get("transactionStatus").asInt()).isEqualTo(6);
        assertThat(outcome.get("transactionStatusDescription").asString()).isEqualTo("Reversed");
    }

    private Map<String, Object> body(PayoutLineRow line, String reason) {
        Map<String, Object> body = new HashMap<>();
        body.put("clientId", clientId);
        body.put("originatorConversationId", payouts.findOrder(line.orderId()).orElseThrow()
                .originatorConversationId());
        body.put("systemTraceAuditNumber", line.systemTraceAuditNumber());
        body.put("reason", reason);
        return body;
    }

    private ResponseEntity<JsonNode> callback(String reference) {
        String body = """
                {"reference":"%s","originalReceipt":"RCPT1","resultCode":"0","resultDescription":"Reversed",
                 "receiptNumber":"RVR1","completedAt":"2026-12-03T08:00:00Z"}""".formatted(reference);
        return http.post().uri("/rails/mobile-money/reversal-result").header("X-Rail-Secret", MOBILE_MONEY_SECRET)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    /** A line of 300.00 (fee 10.00) to +254711000005, held, and closed as the test asks with the rail's receipt. */
    private PayoutLineRow line(Rail rail, LineStatus status) {
        PaymentOrderRow order = new PaymentOrderRow(UUID.randomUUID(), clientId, "ocid-" + UUID.randomUUID(), null,
                false, true, OffsetDateTime.now(clock));
        UUID lineId = UUID.randomUUID();
        String account = rail == Rail.BANK ? "0100200300400" : "+254711000005";
        payouts.insertOrder(order, List.of(PayoutLineRow.pending(lineId, order.id(), clientId, 0,
                new PayoutLineRow.Request("stan-" + lineId, rail, UUID.randomUUID(), 1, 1, new BigDecimal("300.00"),
                        "KES", "salary", null, new PayoutRecipient("Jane", null, null, null, null, null, null, null,
                        null, account, 404, "KE", null, null), account, null),
                new BigDecimal("10.00"), null, lineId.toString())));
        PayoutLineRow row = payouts.findLine(lineId.toString()).orElseThrow();
        assertThat(money.hold(PayoutOutcomes.movement(row), "Payout")).isTrue();
        payouts.setStatus(row.railReference(), LineStatus.PROCESSING);
        if (status == LineStatus.COMPLETED) {
            money.settle(PayoutOutcomes.movement(row));
            outcomes.recordOutcome(row, LineStatus.COMPLETED, "0", "Completed",
                    new RailAcknowledgement(true, "RAIL-" + lineId, "0", "Accepted", null),
                    new RailResult(row.railReference(), RailResult.State.COMPLETED, "0", "Completed", "0",
                            "Processed", "RCPT-" + lineId, "Jane", null, null));
        }
        return payouts.findLine(lineId.toString()).orElseThrow();
    }
}
