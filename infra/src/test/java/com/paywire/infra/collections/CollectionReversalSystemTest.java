package com.paywire.infra.collections;

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
 * Issue 48's reversals of collections through HTTP on the real API and the pay-backs' workflow (time skipping): a
 * paybill deposit's reversal asks the rail with the payer's phone and receipt, and its callback decides it, once
 * however often it comes; a refusal releases the hold; with no answer the money stays held and the reversal is
 * referred (HELD), past the 30 days the rail is asked, until an operator resolves it.
 */
class CollectionReversalSystemTest extends TimeSkippingSystemTest {

    private static final WireMockServer outside = TimeSkippingPlatform.OUTSIDE;
    private static final String RAIL_SECRET = "sandbox-mobile-money-secret";
    private static final String SANDBOX = "paywire-sandbox";

    @BeforeAll
    static void reversals() {
        outside.stubFor(post(urlPathEqualTo("/mobile-money/reversals")).willReturn(aResponse().withStatus(202)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"transactionId\":\"RV1\",\"responseCode\":\"0\",\"responseDescription\":\"Accepted\"}")));
        outside.stubFor(get(urlPathMatching("/mobile-money/reversals/.+")).willReturn(okJson("{\"status\":\"PENDING\"}")));
    }

    @Test
    void givenAPaybillDepositReversed_theRailShouldBeAskedWithThePayersPhone_andItsCallbackTwicePostItOnce() {
        String receipt = credited("150.00");
        BigDecimal utility = balance(LedgerAccounts.utility(SANDBOX));

        ResponseEntity<String> asked = reverse("rev-" + receipt, receipt);
        assertThat(asked.getStatusCode().value()).as(asked.getBody()).isEqualTo(202);

        JsonNode request = json.readTree(reversalAskedFor(receipt).getBodyAsString());
        assertThat(request.get("amount").asString()).isEqualTo("150.00");
        assertThat(request.get("msisdn").asString()).isEqualTo("+254712345678");
        assertThat(request.get("originalReceipt").asString()).isEqualTo(receipt);
        String reference = request.get("reference").asString();
        assertThat(reference).isEqualTo(json.readTree(asked.getBody()).get("reversalId").asString());
        for (int i = 0; i < 2; i++) {
            assertThat(rail("/rails/mobile-money/reversal-result", result(reference, "0", "Reversed", "RVRCPT1"))
                    .getStatusCode().value()).isEqualTo(200);
        }

        assertThat(resultOf(WorkflowIds.payBack(reference), String.class)).isEqualTo("PAID");
        assertThat(utility.subtract(balance(LedgerAccounts.utility(SANDBOX)))).as("posted once")
                .isEqualByComparingTo("149.17");
        assertThat(status("rev-" + receipt).get("status").asString()).isEqualTo("REVERSED");
        assertThat(jdbc.sql("select count(*) from events where type = 'c2b.reversed' and data::text like ?")
                .param("%" + reference + "%").query(Long.class).single()).isEqualTo(1);
    }

    @Test
    void givenTheRailRefuses_theHoldShouldBeReleased_andTheReversalFailedWithItsCode() {
        String receipt = credited("90.00");
        BigDecimal utility = balance(LedgerAccounts.utility(SANDBOX));
        reverse("rev-" + receipt, receipt);
        String reference = json.readTree(reversalAskedFor(receipt).getBodyAsString()).get("reference").asString();

        rail("/rails/mobile-money/reversal-result", result(reference, "R000003",
                "The recipient no longer holds the funds to reverse.", null));

        assertThat(resultOf(WorkflowIds.payBack(reference), String.class)).isEqualTo("REFUSED");
        assertThat(balance(LedgerAccounts.utility(SANDBOX))).isEqualByComparingTo(utility);
        JsonNode failed = status("rev-" + receipt);
        assertThat(failed.get("status").asString()).isEqualTo("FAILED");
        assertThat(failed.get("resultCode").asString()).isEqualTo("R000003");
    }

    @Test
    void givenTheRailNeverAnswers_theMoneyShouldStayHeld_andTheReversalReferredHeld_untilAnOperatorResolvesIt() {
        String receipt = credited("60.00");
        BigDecimal utility = balance(LedgerAccounts.utility(SANDBOX));
        ResponseEntity<String> asked = reverse("rev-" + receipt, receipt);
        String reversalId = json.readTree(asked.getBody()).get("reversalId").asString();
        String reference = json.readTree(reversalAskedFor(receipt).getBodyAsString()).get("reference").asString();
        String operator = TimeSkippingPlatform.operatorToken(http);
        assertThat(resolve(operator, reversalId, "PAID").getStatusCode().value()).as("not referred yet")
                .isEqualTo(409);

        env.sleep(Duration.ofDays(31)); // past the 30 days the rail is asked

        assertThat(status("rev-" + receipt).get("status").asString()).isEqualTo("HELD");
        assertThat(balance(LedgerAccounts.utility(SANDBOX))).as("nothing posted").isEqualByComparingTo(utility);
        assertThat(jdbc.sql("select count(*) from ledger_transfer_states where reservation_key like ? and state = ?")
                .params("%:reversal:" + reference + "%", "PENDING").query(Long.class).single()).isEqualTo(2);
        assertThat(resolve(token, reversalId, "PAID").getStatusCode().value()).as("operators only").isEqualTo(403);

        ResponseEntity<String> resolved = resolve(operator, reversalId, "PAID");

        assertThat(resolved.getStatusCode().value()).as(resolved.getBody()).isEqualTo(202);
        assertThat(resultOf(WorkflowIds.payBack(reference), String.class)).isEqualTo("PAID");
        JsonNode reversed = status("rev-" + receipt);
        assertThat(reversed.get("status").asString()).isEqualTo("REVERSED");
        assertThat(reversed.get("resultDesc").asString()).contains("paywire-operator", "SKR2Q8WL1M");
        assertThat(utility.subtract(balance(LedgerAccounts.utility(SANDBOX)))).as("the hold posted")
                .isPositive();
        assertThat(resolve(operator, reversalId, "NOT_PAID").getStatusCode().value()).as("decided").isEqualTo(409);
    }

    private ResponseEntity<String> resolve(String bearer, String reversalId, String outcome) {
        return http.post().uri("/v1/operations/collection-reversals/" + reversalId + "/resolve")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("outcome", outcome, "reference", "SKR2Q8WL1M")).retrieve()
                .toEntity(String.class);
    }

    private ResponseEntity<String> reverse(String id, String receipt) {
        return http.post().uri("/v1/collections/reversals").header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(Map.of("originatorConversationId", id,
                        "collectionType", "PAYBILL_DEPOSIT", "collectionId", receipt,
                        "reason", "The payer meant another business"))
                .retrieve().toEntity(String.class);
    }

    private JsonNode status(String id) {
        return http.get().uri("/v1/collections/reversals/check-status?OriginatorConversationId=" + id)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
    }

    private static String result(String reference, String code, String description, String receipt) {
        return "{\"reference\":\"" + reference + "\",\"resultCode\":\"" + code + "\",\"resultDescription\":\""
                + description + "\",\"receiptNumber\":" + (receipt == null ? "null" : "\"" + receipt + "\"")
                + ",\"completedAt\":\"2026-12-01T10:00:00Z\"}";
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

    /** A paybill deposit the rail confirmed to the sandbox client's reference: credited less its fee. */
    private String credited(String amount) {
        String receipt = "C" + UUID.randomUUID().toString().replace("-", "").substring(0, 9).toUpperCase();
        String body = """
                {"TransactionType":"Pay Bill","TransID":"%s","TransTime":"20261127101500","TransAmount":"%s",
                 "BusinessShortCode":"174379","BillRefNumber":"PWINV-1","MSISDN":"254712345678"}"""
                .formatted(receipt, amount);
        assertThat(rail("/rails/mobile-money/c2b/confirmation", body).getStatusCode().value()).isEqualTo(200);
        assertThat(resultOf(WorkflowIds.paybillDeposit(receipt), String.class)).isEqualTo("CREDITED");
        return receipt;
    }

    private ResponseEntity<String> rail(String path, String body) {
        return http.post().uri(path).contentType(MediaType.APPLICATION_JSON).header("X-Rail-Secret", RAIL_SECRET)
                .body(body).retrieve().toEntity(String.class);
    }

    private BigDecimal balance(String account) {
        return jdbc.sql("select balance from ledger_accounts where id = ?").param(account).query(BigDecimal.class)
                .single();
    }
}
