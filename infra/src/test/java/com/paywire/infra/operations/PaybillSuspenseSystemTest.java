package com.paywire.infra.operations;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.TimeSkippingSystemTest;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.paybacks.PayBackStatus;
import com.paywire.workflows.WorkflowIds;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Issue 45 through HTTP on the real API and workflows (time skipping): an operator assigns a paybill deposit held
 * in suspense to a client once, or returns it to its payer by the mobile-money rail's reversal, whose callback
 * decides it, or an operator's word when the rail stays silent; merchants are refused, and an unknown receipt is
 * not quoted back.
 */
class PaybillSuspenseSystemTest extends TimeSkippingSystemTest {

    private static final WireMockServer outside = TimeSkippingPlatform.OUTSIDE;
    private static final String RAIL_SECRET = "sandbox-mobile-money-secret";

    @BeforeAll
    static void reversals() {
        outside.stubFor(post(urlPathEqualTo("/mobile-money/reversals")).willReturn(aResponse().withStatus(202)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"transactionId\":\"RV1\",\"responseCode\":\"0\",\"responseDescription\":\"Accepted\"}")));
        outside.stubFor(get(urlPathMatching("/mobile-money/reversals/.+")).willReturn(okJson("{\"status\":\"PENDING\"}")));
    }

    @Test
    void givenADepositInSuspense_anOperatorShouldAssignItOnce_andTheClientSeeItCredited() {
        String operator = TimeSkippingPlatform.operatorToken(http);
        String receipt = suspended("150.00");
        BigDecimal utility = balance(LedgerAccounts.utility("paywire-sandbox"));
        BigDecimal suspense = balance(LedgerAccounts.PAYBILL_SUSPENSE);
        Map<String, String> body = Map.of("clientId", "paywire-sandbox", "reason", "The payer meant PWINV-1");

        assertThat(postJson("/v1/operations/paybill-suspense/" + receipt + "/assign", token, body).getStatusCode().value())
                .as("a merchant's token").isEqualTo(403);
        ResponseEntity<String> unknown = postJson("/v1/operations/paybill-suspense/NOSUCH77/assign", operator, body);
        assertThat(unknown.getStatusCode().value()).isEqualTo(404);
        assertThat(unknown.getBody()).doesNotContain("NOSUCH77");
        assertThat(postJson("/v1/operations/paybill-suspense/" + receipt + "/assign", operator,
                Map.of("clientId", "no-such-client", "reason", "x")).getStatusCode().value()).isEqualTo(400);

        ResponseEntity<String> assigned = postJson("/v1/operations/paybill-suspense/" + receipt + "/assign", operator, body);
        assertThat(assigned.getStatusCode().value()).as(assigned.getBody()).isEqualTo(200);
        assertThat(json.readTree(assigned.getBody()).get("status").asString()).isEqualTo("CREDITED");
        assertThat(postJson("/v1/operations/paybill-suspense/" + receipt + "/assign", operator, body).getStatusCode()
                .value()).as("a second assignment").isEqualTo(409);
        assertThat(postJson("/v1/operations/paybill-suspense/" + receipt + "/return", operator,
                Map.of("reason", "x")).getStatusCode().value()).as("a return after it").isEqualTo(409);

        assertThat(balance(LedgerAccounts.utility("paywire-sandbox")).subtract(utility)).isEqualByComparingTo("149.17");
        assertThat(suspense.subtract(balance(LedgerAccounts.PAYBILL_SUSPENSE))).isEqualByComparingTo("150.00");
        JsonNode found = http.get().uri("/v1/paybill-deposit/check-status?ReceiptNumber=" + receipt)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        assertThat(found.get("deposits").get(0).get("status").asString()).isEqualTo("CREDITED");
        JsonNode audit = http.get().uri("/v1/operations/audit-log").header(HttpHeaders.AUTHORIZATION, "Bearer " + operator)
                .retrieve().body(JsonNode.class);
        assertThat(audit.toString()).contains("PAYBILL_SUSPENSE_ASSIGNED").contains(receipt);
    }

    @Test
    void givenAReturn_itsAmountShouldBeHeldUntilTheRailsReversalCallback_thenLeaveSuspenseOnce() {
        String operator = TimeSkippingPlatform.operatorToken(http);
        String receipt = suspended("80.00");
        BigDecimal suspense = balance(LedgerAccounts.PAYBILL_SUSPENSE);

        assertThat(postJson("/v1/operations/paybill-suspense/" + receipt + "/return", token, Map.of("reason", "x"))
                .getStatusCode().value()).as("a merchant's token").isEqualTo(403);
        ResponseEntity<String> returning = postJson("/v1/operations/paybill-suspense/" + receipt + "/return", operator,
                Map.of("reason", "No client has that AccountNo"));
        assertThat(returning.getStatusCode().value()).as(returning.getBody()).isEqualTo(202);
        assertThat(json.readTree(returning.getBody()).get("status").asString()).isEqualTo("RETURNING");

        LoggedRequest asked = reversalAskedFor(receipt);
        JsonNode request = json.readTree(asked.getBodyAsString());
        assertThat(request.get("amount").asString()).isEqualTo("80.00");
        assertThat(request.get("msisdn").asString()).isEqualTo("+254712345678");
        String reference = request.get("reference").asString();
        String result = "{\"reference\":\"" + reference + "\",\"resultCode\":\"0\",\"resultDescription\":\"Reversed\","
                + "\"receiptNumber\":\"RVRCPT1\",\"completedAt\":\"2026-12-01T10:00:00Z\"}";
        assertThat(rail("/rails/mobile-money/reversal-result", null, result).getStatusCode().value())
                .as("no rail secret").isEqualTo(401);
        assertThat(rail("/rails/mobile-money/reversal-result", RAIL_SECRET, result).getStatusCode().value())
                .isEqualTo(200);

        assertThat(resultOf(WorkflowIds.payBack(reference), String.class)).isEqualTo("PAID");
        assertThat(suspense.subtract(balance(LedgerAccounts.PAYBILL_SUSPENSE))).isEqualByComparingTo("80.00");
        JsonNode held = http.get().uri("/v1/operations/paybill-suspense").header(HttpHeaders.AUTHORIZATION,
                "Bearer " + operator).retrieve().body(JsonNode.class).get("deposits");
        JsonNode entry = null;
        for (JsonNode d : held) {
            if (d.get("receiptNumber").asString().equals(receipt)) {
                entry = d;
            }
        }
        assertThat(entry).isNotNull();
        assertThat(entry.get("status").asString()).isEqualTo("RETURNED");
        assertThat(postJson("/v1/operations/paybill-suspense/" + receipt + "/return", operator,
                Map.of("reason", "again")).getStatusCode().value()).isEqualTo(409);
    }

    @Test
    void givenAReturnTheRailNeverAnswers_itsAmountShouldStayHeld_untilAnOperatorSaysItWasNotPaid_thenBackInSuspense() {
        String operator = TimeSkippingPlatform.operatorToken(http);
        String receipt = suspended("70.00");
        String never = suspended("71.00");
        BigDecimal suspense = balance(LedgerAccounts.PAYBILL_SUSPENSE);
        Map<String, String> notPaid = Map.of("outcome", "NOT_PAID", "reference", "rail ticket 5120: line closed");
        assertThat(postJson("/v1/operations/paybill-suspense/" + receipt + "/return", operator,
                Map.of("reason", "No client has that AccountNo")).getStatusCode().value()).isEqualTo(202);
        String reference = json.readTree(reversalAskedFor(receipt).getBodyAsString()).get("reference").asString();
        String holdKey = jdbc.sql("select hold_key from pay_backs where id = ?").param(UUID.fromString(reference))
                .query(String.class).single();
        assertThat(postJson(resolvePath(receipt), operator, notPaid).getStatusCode().value())
                .as("not held yet: its workflow still asks the rail").isEqualTo(409);

        env.sleep(Duration.ofHours(25)); // past the 24 h the rail has to answer: held for an operator

        JsonNode held = suspendedEntry(operator, receipt);
        assertThat(held.get("status").asString()).isEqualTo("RETURNING");
        assertThat(held.get("returnReason").isNull()).as("it says why it waits").isFalse();
        assertThat(jdbc.sql("select count(*) from ledger_transfer_states where reservation_key like ? and state = ?")
                .params(holdKey + "%", "PENDING").query(Long.class).single()).as("its amount held").isPositive();
        assertThat(postJson(resolvePath(receipt), token, notPaid).getStatusCode().value()).as("operators only")
                .isEqualTo(403);
        ResponseEntity<String> unknown = postJson(resolvePath("NOSUCH78"), operator, notPaid);
        assertThat(unknown.getStatusCode().value()).isEqualTo(404);
        assertThat(unknown.getBody()).doesNotContain("NOSUCH78");
        assertThat(postJson(resolvePath(never), operator, notPaid).getStatusCode().value()).as("never returned")
                .isEqualTo(404);
        ResponseEntity<String> noOutcome = postJson(resolvePath(receipt), operator, Map.of("reference", "x"));
        assertThat(noOutcome.getStatusCode().value()).isEqualTo(400);
        assertThat(noOutcome.getBody()).contains("\"field\":\"outcome\"");

        ResponseEntity<String> resolved = postJson(resolvePath(receipt), operator, notPaid);

        assertThat(resolved.getStatusCode().value()).as(resolved.getBody()).isEqualTo(202);
        assertThat(resultOf(WorkflowIds.payBack(reference), String.class)).isEqualTo("REFUSED");
        JsonNode failed = suspendedEntry(operator, receipt);
        assertThat(failed.get("status").asString()).isEqualTo("RETURN_FAILED");
        assertThat(failed.get("returnReason").asString()).as("the operator's words, not the rail's")
                .startsWith("Confirmed not done by operator paywire-operator").contains("rail ticket 5120");
        assertThat(jdbc.sql("select count(*) from ledger_transfer_states where reservation_key like ? and state = ?")
                .params(holdKey + "%", "PENDING").query(Long.class).single()).as("the hold released")
                .isZero();
        assertThat(balance(LedgerAccounts.PAYBILL_SUSPENSE)).as("nothing left suspense")
                .isEqualByComparingTo(suspense);
        assertThat(postJson(resolvePath(receipt), operator, notPaid).getStatusCode().value()).as("decided")
                .isEqualTo(409);
        assertThat(postJson("/v1/operations/paybill-suspense/" + receipt + "/return", operator,
                Map.of("reason", "try again")).getStatusCode().value()).as("returnable again").isEqualTo(202);
    }

    @Test
    void aRefundDue_shouldBeResolvedOnlyWhileHeld_andOnlyByOperators() {
        String operator = TimeSkippingPlatform.operatorToken(http);
        UUID paid = refundDue(PayBackStatus.PAID, null);
        UUID held = refundDue(PayBackStatus.PAYING, "no answer from the rail in 24 h");
        Map<String, String> resolution = Map.of("outcome", "PAID", "reference", "SKP7D3MV9X");

        assertThat(postJson(refundResolvePath(held), token, resolution).getStatusCode().value()).as("operators only")
                .isEqualTo(403);
        assertThat(postJson(refundResolvePath(UUID.randomUUID()), operator, resolution).getStatusCode().value())
                .isEqualTo(404);
        assertThat(postJson("/v1/operations/refunds-due/not-a-uuid/resolve", operator, resolution).getBody())
                .contains("\"field\":\"refundId\"");
        assertThat(postJson(refundResolvePath(paid), operator, resolution).getStatusCode().value()).as("paid already")
                .isEqualTo(409);
        ResponseEntity<String> noWorkflow = postJson(refundResolvePath(held), operator, resolution);
        assertThat(noWorkflow.getStatusCode().value()).as("held, but no workflow to tell").isEqualTo(409);
        assertThat(noWorkflow.getBody()).contains("workflow has ended");
        assertThat(jdbc.sql("select status from pay_backs where id = ?").param(held).query(String.class).single())
                .as("nothing changed").isEqualTo("PAYING");
    }

    @Test
    void refundsDue_shouldBeListedForOperators_andRefusedToMerchants() {
        String operator = TimeSkippingPlatform.operatorToken(http);

        assertThat(http.get().uri("/v1/operations/refunds-due").header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .retrieve().toEntity(String.class).getStatusCode().value()).isEqualTo(403);
        ResponseEntity<JsonNode> listed = http.get().uri("/v1/operations/refunds-due")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + operator).retrieve().toEntity(JsonNode.class);
        assertThat(listed.getStatusCode().value()).isEqualTo(200);
        assertThat(listed.getBody().get("refunds").isArray()).isTrue();
    }

    private static String resolvePath(String receipt) {
        return "/v1/operations/paybill-suspense/" + receipt + "/return/resolve";
    }

    private static String refundResolvePath(UUID refundId) {
        return "/v1/operations/refunds-due/" + refundId + "/resolve";
    }

    private JsonNode suspendedEntry(String operator, String receipt) {
        JsonNode listed = http.get().uri("/v1/operations/paybill-suspense").header(HttpHeaders.AUTHORIZATION,
                "Bearer " + operator).retrieve().body(JsonNode.class).get("deposits");
        for (JsonNode d : listed) {
            if (d.get("receiptNumber").asString().equals(receipt)) {
                return d;
            }
        }
        throw new AssertionError(receipt + " is not listed in suspense");
    }

    /** A refund due as its row stands, with no workflow of its own: what the resolve endpoint reads first. */
    private UUID refundDue(PayBackStatus status, String reason) {
        UUID id = UUID.randomUUID();
        jdbc.sql("""
                insert into pay_backs (id, kind, subject, attempt, owed_account, hold_key, product, payment_id,
                    amount, currency, status, reason, created_at)
                values (?, 'REFUND_DUE', ?, 1, ?, ?, 'PHONE_PROMPT', ?, 25.00, 'KES', ?, ?, now())
                """).params(id, "deposit:" + id + ":refund-due", LedgerAccounts.REFUNDS_DUE,
                "deposit:" + id + ":refund-due:paid-back", UUID.randomUUID().toString(), status.name(), reason)
                .update();
        return id;
    }

    private LoggedRequest reversalAskedFor(String receipt) {
        for (int i = 0; i < 200; i++) {
            List<LoggedRequest> asked = outside.findAll(postRequestedFor(urlPathEqualTo("/mobile-money/reversals")))
                    .stream().filter(r -> r.getBodyAsString().contains(receipt)).toList();
            if (!asked.isEmpty()) {
                return asked.getFirst();
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("the rail was never asked to reverse " + receipt);
    }

    /** A paybill deposit the rail confirmed to an AccountNo of no client's: held in suspense. */
    private String suspended(String amount) {
        String receipt = "S" + UUID.randomUUID().toString().replace("-", "").substring(0, 9).toUpperCase();
        String body = """
                {"TransactionType":"Pay Bill","TransID":"%s","TransTime":"20261127101500","TransAmount":"%s",
                 "BusinessShortCode":"174379","BillRefNumber":"XXINV-1","MSISDN":"254712345678"}"""
                .formatted(receipt, amount);
        assertThat(rail("/rails/mobile-money/c2b/confirmation", RAIL_SECRET, body).getStatusCode().value())
                .isEqualTo(200);
        assertThat(resultOf(WorkflowIds.paybillDeposit(receipt), String.class)).isEqualTo("SUSPENDED");
        return receipt;
    }

    private ResponseEntity<String> postJson(String path, String bearer, Object body) {
        return http.post().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(String.class);
    }

    private ResponseEntity<String> rail(String path, String secret, String body) {
        var request = http.post().uri(path).contentType(MediaType.APPLICATION_JSON);
        if (secret != null) {
            request = request.header("X-Rail-Secret", secret);
        }
        return request.body(body).retrieve().toEntity(String.class);
    }

    private BigDecimal balance(String account) {
        return jdbc.sql("select balance from ledger_accounts where id = ?").param(account).query(BigDecimal.class)
                .single();
    }
}
