package com.paywire.infra.settlements;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.paywire.infra.support.ClientRequests;
import com.paywire.infra.support.EveryProductSystemTest;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.workflows.WorkflowIds;
import java.math.BigDecimal;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Settlement of collections through HTTP on the real stack: instructions checked at the bank's account registry
 * (the simulator's lookups), a collection credited by a paybill deposit, a settlement held, sent to the bank,
 * paid by its callback and shown with the entries it settles; scopes, other clients and a change of account.
 */
class SettlementSystemTest extends EveryProductSystemTest {

    private static final String INSTRUCTIONS = "/v1/customer-accounts/settlement-instructions";
    private static final String SETTLEMENTS = "/v1/customer-accounts/settlements";

    @BeforeAll
    static void theBank() {
        TimeSkippingPlatform.OUTSIDE.stubFor(post(urlPathEqualTo("/bank/transfers")).willReturn(aResponse()
                .withStatus(202).withHeader("Content-Type", "application/json")
                .withBody("{\"transactionId\":\"BT-1\",\"responseCode\":\"00\",\"responseDescription\":\"Accepted\"}")));
        TimeSkippingPlatform.OUTSIDE.stubFor(get(urlPathMatching("/bank/transfers/.+"))
                .willReturn(okJson("{\"status\":\"PENDING\"}")));
    }

    @Test
    void givenInstructionsAndCollections_aSettlementShouldBePaidToTheBank_andListTheEntriesItSettles() {
        ResponseEntity<JsonNode> mismatch = send(token, "PUT", INSTRUCTIONS, instructions("1234567890", "John Kamau"));
        assertThat(mismatch.getStatusCode().value()).as("%s", mismatch.getBody()).isEqualTo(400);
        assertThat(mismatch.getBody().toString()).contains("accountName").doesNotContain("John Kamau");

        ResponseEntity<JsonNode> set = send(token, "PUT", INSTRUCTIONS, instructions("1234567890", "Acme Trading"));
        assertThat(set.getStatusCode().value()).as("%s", set.getBody()).isEqualTo(200);
        assertThat(set.getBody().get("accountNumber").asString()).isEqualTo("******7890");
        assertThat(api.read(token, INSTRUCTIONS).get("schedule").asString()).isEqualTo("MANUAL");

        credit("2000.00");
        BigDecimal available = utility();
        String ocid = "settle-" + UUID.randomUUID();
        ResponseEntity<JsonNode> made = send(token, "POST", SETTLEMENTS, "{\"originatorConversationId\":\"" + ocid + "\"}");
        assertThat(made.getStatusCode().value()).as("%s", made.getBody()).isEqualTo(200);
        String id = made.getBody().get("settlementId").asString();
        assertThat(new BigDecimal(made.getBody().get("amount").asString())).isEqualByComparingTo(available);

        LoggedRequest sent = ClientRequests.await(() -> TimeSkippingPlatform.OUTSIDE
                .findAll(postRequestedFor(urlPathEqualTo("/bank/transfers"))).stream()
                .filter(r -> json.readTree(r.getBodyAsString()).get("reference").asString().equals(id)).findFirst());
        JsonNode instruction = json.readTree(sent.getBodyAsString());
        assertThat(instruction.get("accountNumber").asString()).isEqualTo("1234567890");
        bankResult(id, "00", "Approved and completed", "BANKRCPT42");

        assertThat(resultOf(WorkflowIds.settlement(SANDBOX, id), String.class)).isEqualTo("PAID");
        JsonNode paid = api.read(token, SETTLEMENTS + "/" + id);
        assertThat(paid.get("status").asString()).isEqualTo("PAID");
        assertThat(paid.get("bankReference").asString()).isEqualTo("BANKRCPT42");
        BigDecimal amount = new BigDecimal(paid.get("amount").asString());
        BigDecimal entries = BigDecimal.ZERO;
        for (JsonNode entry : paid.get("transactions")) {
            entries = entries.add(new BigDecimal(entry.get("amount").asString()));
        }
        assertThat(paid.get("transactions").size()).isGreaterThanOrEqualTo(1);
        assertThat(entries.add(new BigDecimal(paid.get("carriedIn").asString()))
                .subtract(new BigDecimal(paid.get("carriedOut").asString()))).isEqualByComparingTo(amount);
        assertThat(new BigDecimal(paid.get("netAmount").asString()).add(new BigDecimal(paid.get("fee").asString())))
                .isEqualByComparingTo(amount);
        assertThat(utility()).isEqualByComparingTo(available.subtract(amount));
        assertThat(api.read(token, SETTLEMENTS).get("settlements").size()).isEqualTo(1);

        // the same id again answers the same settlement, paid once
        ResponseEntity<JsonNode> again = send(token, "POST", SETTLEMENTS, "{\"originatorConversationId\":\"" + ocid + "\"}");
        assertThat(again.getBody().get("settlementId").asString()).isEqualTo(id);
        assertThat(utility()).isEqualByComparingTo(available.subtract(amount));

        // a token without the collections scope is refused; another client sees nothing of it
        String payoutsOnly = TimeSkippingPlatform.token(http, SANDBOX, "sandbox-secret", "payouts");
        assertThat(status(payoutsOnly, SETTLEMENTS + "/" + id)).isEqualTo(403);
        String other = otherClientsToken();
        assertThat(status(other, SETTLEMENTS + "/" + id)).isEqualTo(404);
        assertThat(api.read(other, SETTLEMENTS).get("settlements").size()).isZero();

        // a new account waits 24 h; a settlement asked meanwhile is refused
        ResponseEntity<JsonNode> changed = send(token, "PUT", INSTRUCTIONS,
                instructions("9876543210", "Sandbox Account Holder"));
        assertThat(changed.getStatusCode().value()).as("%s", changed.getBody()).isEqualTo(200);
        assertThat(changed.getBody().get("accountChangedAt").isNull()).isFalse();
        credit("500.00");
        ResponseEntity<JsonNode> tooSoon = send(token, "POST", SETTLEMENTS,
                "{\"originatorConversationId\":\"settle-" + UUID.randomUUID() + "\"}");
        assertThat(tooSoon.getStatusCode().value()).as("%s", tooSoon.getBody()).isEqualTo(400);
        assertThat(tooSoon.getBody().toString()).contains("accountNumber");
    }

    private ResponseEntity<JsonNode> send(String bearer, String method, String path, String body) {
        return http.method(HttpMethod.valueOf(method)).uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    private static String instructions(String account, String name) {
        return """
                {"bankCode":"01","accountNumber":"%s","accountName":"%s","schedule":"MANUAL","minimumAmount":100}"""
                .formatted(account, name);
    }

    private void credit(String amount) {
        String receipt = "S" + UUID.randomUUID().toString().replace("-", "").substring(0, 11).toUpperCase();
        ResponseEntity<JsonNode> answer = http.post().uri("/rails/mobile-money/c2b/confirmation")
                .header("X-Rail-Secret", "sandbox-mobile-money-secret").contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"TransactionType":"Pay Bill","TransID":"%s","TransTime":"20261127101500","TransAmount":"%s",
                         "BusinessShortCode":"174379","BillRefNumber":"PWINV-7","InvoiceNumber":"","OrgAccountBalance":"",
                         "ThirdPartyTransID":"","MSISDN":"254712345678","FirstName":"Jane"}"""
                        .formatted(receipt, amount)).retrieve().toEntity(JsonNode.class);
        assertThat(answer.getStatusCode().value()).isEqualTo(200);
        assertThat(resultOf(WorkflowIds.paybillDeposit(receipt), String.class)).isEqualTo("CREDITED");
    }

    private void bankResult(String reference, String code, String description, String receipt) {
        ResponseEntity<JsonNode> response = http.post().uri("/rails/bank/transfer-result")
                .header("X-Rail-Secret", "sandbox-bank-secret").contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"reference":"%s","transactionId":"%s","resultCode":"%s","resultDescription":"%s",
                         "receiptNumber":"%s","recipientName":"ACME TRADING LIMITED","walletBalance":"25000000.00",
                         "completedAt":"2026-12-02T10:00:00Z"}""".formatted(reference, reference, code, description,
                        receipt)).retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(200);
        assertThat(response.getBody().get("matched").asBoolean()).as("the callback reached the settlement").isTrue();
    }

    private BigDecimal utility() {
        return jdbc.sql("select balance - reserved from ledger_accounts where id = ?")
                .param(LedgerAccounts.utility(SANDBOX)).query(BigDecimal.class).single();
    }

    private int status(String bearer, String path) {
        return http.get().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer).exchange(
                (request, response) -> response.getStatusCode().value());
    }

    private String otherClientsToken() {
        String operator = TimeSkippingPlatform.operatorToken(http);
        JsonNode created = http.post().uri("/v1/admin/clients").header(HttpHeaders.AUTHORIZATION, "Bearer " + operator)
                .contentType(MediaType.APPLICATION_JSON).body(Map.of("name", "Other Shop")).retrieve()
                .body(JsonNode.class);
        return TimeSkippingPlatform.token(http, created.get("clientId").asString(),
                created.get("clientSecret").asString());
    }
}
