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
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.workflows.WorkflowIds;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Express deposits end to end with time skipping: the API takes the request, ExpressDepositWorkflow prompts the
 * payer through a WireMock rail, the rail's result arrives at the API's callback endpoint (as the rail would
 * send it), and the merchant's callback receiver (WireMock) gets Body.StkCallback, signed.
 */
class ExpressDepositSystemTest extends TimeSkippingSystemTest {

    static final WireMockServer outside = TimeSkippingPlatform.OUTSIDE;

    @Autowired
    EventStore events;

    @BeforeAll
    static void rail() {
        outside.stubFor(post(urlPathEqualTo("/mobile-money/stk-push")).willReturn(okJson("""
                {"merchantRequestId":"MR-29115","checkoutRequestId":"ws_CO_191220191020363925",
                 "responseCode":"0","responseDescription":"Success. Request accepted for processing"}""")));
        outside.stubFor(get(urlPathMatching("/mobile-money/stk-push/.+")).willReturn(okJson("{\"status\":\"PENDING\"}")));
        outside.stubFor(post(urlPathMatching("/merchant/.+")).willReturn(aResponse().withStatus(200).withBody("{}")));
    }

    @Test
    void givenThePayerPays_theDepositShouldComplete_creditTheUtilityAccount_andCallTheMerchantBackSigned() throws Exception {
        BigDecimal before = utilityBalance();
        Submitted deposit = submit("254708374149", "1.00");

        railAnswers(deposit, "0", "The service request is processed successfully.", "NLJ7RT61SV", "20191219102115");
        String resultCode = awaitDeposit(deposit);

        assertThat(resultCode).isEqualTo("0");
        JsonNode status = checkStatus(deposit.ocid());
        assertThat(new ArrayList<>(status.propertyNames())).containsExactly("conversationId", "originatorConversationId",
                "merchantRequestID", "phoneNumber", "mpesaReceiptNumber", "resultCode", "resultDesc", "status");
        assertThat(status.get("status").asString()).isEqualTo("COMPLETED");
        assertThat(status.get("mpesaReceiptNumber").asString()).isEqualTo("NLJ7RT61SV");
        assertThat(status.get("merchantRequestID").asString()).isEqualTo("MR-29115");
        assertThat(utilityBalance().subtract(before)).isEqualByComparingTo("1.00");

        LoggedRequest callback = merchantCallback(deposit);
        JsonNode stk = json.readTree(callback.getBodyAsString()).get("Body").get("StkCallback");
        assertThat(new ArrayList<>(stk.propertyNames())).containsExactly("MerchantRequestID", "CheckoutRequestID",
                "OriginatorConversationId", "SystemConversationId", "ResultCode", "ResultDesc", "CallbackMetadata");
        assertThat(stk.get("MerchantRequestID").asString()).isEqualTo("MR-29115");
        assertThat(stk.get("CheckoutRequestID").asString()).isEqualTo("ws_CO_191220191020363925");
        assertThat(stk.get("OriginatorConversationId").asString()).isEqualTo(deposit.ocid());
        assertThat(stk.get("SystemConversationId").asString()).isEqualTo(deposit.systemId());
        assertThat(stk.get("ResultCode").isNumber()).isTrue();
        assertThat(stk.get("ResultCode").asInt()).isZero();
        assertThat(stk.get("ResultDesc").asString()).isEqualTo("The service request is processed successfully.");
        JsonNode items = stk.get("CallbackMetadata").get("Item");
        assertThat(items).hasSize(5);
        assertThat(items.get(0).get("Name").asString()).isEqualTo("Amount");
        assertThat(items.get(0).get("Value").decimalValue()).isEqualByComparingTo("1.00");
        assertThat(items.get(1).get("Name").asString()).isEqualTo("MobileMoneyReceiptNumber");
        assertThat(items.get(1).get("Value").asString()).isEqualTo("NLJ7RT61SV");
        assertThat(items.get(2).get("Name").asString()).isEqualTo("Balance");
        assertThat(items.get(2).has("Value")).isFalse();
        assertThat(items.get(3).get("Name").asString()).isEqualTo("TransactionDate");
        assertThat(items.get(3).get("Value").isNumber()).isTrue();
        assertThat(items.get(3).get("Value").asLong()).isEqualTo(20191219102115L);
        assertThat(items.get(4).get("Name").asString()).isEqualTo("PhoneNumber");
        assertThat(items.get(4).get("Value").isNumber()).isTrue();
        assertThat(items.get(4).get("Value").asLong()).isEqualTo(254708374149L);

        String[] signature = callback.getHeader("Paywire-Signature").split(",");
        String t = signature[0].substring(2);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec("sandbox-callback-secret".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        assertThat(signature[1]).isEqualTo("v1=" + HexFormat.of().formatHex(
                mac.doFinal((t + "." + callback.getBodyAsString()).getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void givenThePayerCancels_theCallbackShouldCarryTheString1032_andNoMetadata_andNothingBeCredited() {
        BigDecimal before = utilityBalance();
        Submitted deposit = submit("254722000002", "50");

        railAnswers(deposit, "1032", "Request cancelled by user", null, null);

        assertThat(awaitDeposit(deposit)).isEqualTo("1032");
        assertThat(checkStatus(deposit.ocid()).get("status").asString()).isEqualTo("CANCELLED");
        JsonNode stk = json.readTree(merchantCallback(deposit).getBodyAsString()).get("Body").get("StkCallback");
        assertThat(stk.get("ResultCode").isString()).isTrue();
        assertThat(stk.get("ResultCode").asString()).isEqualTo("1032");
        assertThat(stk.has("CallbackMetadata")).isTrue();
        assertThat(stk.get("CallbackMetadata").isNull()).isTrue();
        assertThat(utilityBalance()).isEqualByComparingTo(before);
        assertThat(holdState(deposit)).as("the credit held while the prompt was out is released").isEqualTo("VOIDED");
        assertThat(credits(deposit)).isZero();
    }

    @Test
    void givenInsufficientBalanceOrAWrongPin_theDepositShouldFail_withTheRailsCode() {
        BigDecimal before = utilityBalance();
        Submitted poor = submit("254722000001", "50");
        Submitted wrongPin = submit("254722000004", "50");

        railAnswers(poor, "1", "The balance is insufficient for the transaction.", null, null);
        railAnswers(wrongPin, "2001", "The initiator information is invalid.", null, null);

        assertThat(awaitDeposit(poor)).isEqualTo("1");
        assertThat(awaitDeposit(wrongPin)).isEqualTo("2001");
        assertThat(checkStatus(poor.ocid()).get("status").asString()).isEqualTo("FAILED");
        assertThat(checkStatus(wrongPin.ocid()).get("resultCode").asString()).isEqualTo("2001");
        assertThat(utilityBalance()).isEqualByComparingTo(before);
    }

    @Test
    void givenThePayerNeverAnswers_thePromptWindowShouldCloseWith1037() {
        Submitted deposit = submit("254722000003", "50");

        assertThat(awaitDeposit(deposit)).isEqualTo("1037");

        JsonNode status = checkStatus(deposit.ocid());
        assertThat(status.get("status").asString()).isEqualTo("FAILED");
        assertThat(status.get("resultCode").asString()).isEqualTo("1037");
        outside.verify(getRequestedFor(deposit)); // the rail was asked before giving up
        JsonNode stk = json.readTree(merchantCallback(deposit).getBodyAsString()).get("Body").get("StkCallback");
        assertThat(stk.get("ResultCode").asInt()).isEqualTo(1037);
        assertThat(holdState(deposit)).as("the rail never said: its held credit waits for its word or an operator")
                .isEqualTo("PENDING");
        assertThat(credits(deposit)).isZero();
    }

    @Test
    void givenTheRailCallsBackTwice_theUtilityAccountShouldBeCreditedOnce() {
        BigDecimal before = utilityBalance();
        Submitted deposit = submit("254712000777", "75.50");

        railAnswers(deposit, "0", "Processed", "QWE123RTY", "20261120101010");
        railAnswers(deposit, "0", "Processed", "QWE123RTY", "20261120101010");
        awaitDeposit(deposit);
        railAnswers(deposit, "0", "Processed", "QWE123RTY", "20261120101010"); // and once more, after the end

        assertThat(utilityBalance().subtract(before)).isEqualByComparingTo("75.50");
        assertThat(credits(deposit)).as("the credit held while the prompt was out, posted once").isEqualTo(1);
        assertThat(holdState(deposit)).isEqualTo("POSTED");
        assertThat(jdbc.sql("select count(*) from rail_callbacks where reference = ?")
                .param(deposit.systemId()).query(Integer.class).single()).isEqualTo(3);
        outside.verify(1, postRequestedFor(urlPathEqualTo("/merchant/" + deposit.ocid())));
    }

    @Test
    void givenASuccessAfterThePromptWindow_itShouldBeCreditedOnce_recordedCompletedLate_andTheMerchantToldAgain() {
        BigDecimal before = utilityBalance();
        Submitted deposit = submit("254712000888", "120.00");
        assertThat(awaitDeposit(deposit)).isEqualTo("1037");

        assertThat(railAnswers(deposit, "0", "Processed", "LATE9RCPT", "20261120101510"))
                .as("the late success is taken up by a workflow").isTrue();
        railAnswers(deposit, "0", "Processed", "LATE9RCPT", "20261120101510"); // the rail repeats itself
        resultOf("late-prompt:paywire-sandbox:" + deposit.systemId(), Void.class);

        assertThat(utilityBalance().subtract(before)).isEqualByComparingTo("120.00");
        assertThat(credits(deposit)).isEqualTo(1);
        assertThat(holdState(deposit)).as("no final word in the window: the held credit was kept, and is now posted")
                .isEqualTo("POSTED");
        JsonNode status = checkStatus(deposit.ocid());
        assertThat(status.get("status").asString()).isEqualTo("COMPLETED");
        assertThat(status.get("resultCode").asString()).isEqualTo("0");
        assertThat(status.get("resultDesc").asString()).isEqualTo("Processed (confirmed after the prompt window)");
        assertThat(status.get("mpesaReceiptNumber").asString()).isEqualTo("LATE9RCPT");
        List<JsonNode> callbacks = merchantCallbacks(deposit);
        assertThat(callbacks).extracting(c -> c.get("ResultCode").asInt()).containsExactly(1037, 0);
        JsonNode paid = callbacks.getLast();
        assertThat(paid.get("ResultDesc").asString()).isEqualTo("Processed (confirmed after the prompt window)");
        assertThat(paid.get("CallbackMetadata").get("Item").get(1).get("Value").asString()).isEqualTo("LATE9RCPT");
    }

    record Submitted(String ocid, String systemId) {
    }

    private Submitted last;

    /** Keeps the workflow's history for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void recordHistoryIfAsked(TestInfo test) throws IOException {
        String target = System.getProperty("paywire.recordHistories");
        if (target != null && last != null) {
            Files.writeString(Path.of(target).resolve("express-deposit-" + test.getTestMethod().orElseThrow().getName()
                    + ".json"), historyToKeep(WorkflowIds.expressDeposit("paywire-sandbox", last.ocid())));
        }
    }

    private Submitted submit(String phone, String amount) {
        String ocid = "dep-" + UUID.randomUUID();
        ResponseEntity<JsonNode> response = http.post().uri("/v1/express-deposit")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"ShortCode":"174379","Amount":"%s","PhoneNumber":"%s","AccountNo":"PWINV-7",
                         "TransactionDesc":"Invoice 7","OriginatorConversationId":"%s",
                         "CallBackUrl":"%s/merchant/%s","Type":0,"Currency":"KES","FirstName":"Jane","LastName":"Doe"}"""
                        .formatted(amount, phone, ocid, outside.baseUrl(), ocid))
                .retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(200);
        assertThat(response.getBody().get("message").get("remarks").asString()).isEqualTo("Express Deposit submission accepted");
        last = new Submitted(ocid, response.getBody().get("message").get("systemConversationId").asString());
        return last;
    }

    /** What the rail POSTs to Paywire when the payer answered; whether a workflow took it. */
    private boolean railAnswers(Submitted deposit, String code, String description, String receipt, String date) {
        ResponseEntity<JsonNode> response = http.post().uri("/rails/mobile-money/stk-result")
                .header("X-Rail-Secret", "sandbox-mobile-money-secret").contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"reference":"%s","merchantRequestId":"MR-29115","checkoutRequestId":"ws_CO_191220191020363925",
                         "resultCode":"%s","resultDesc":"%s","receiptNumber":%s,"transactionDate":%s}"""
                        .formatted(deposit.systemId(), code, description, receipt == null ? "null" : "\"" + receipt + "\"",
                                date == null ? "null" : "\"" + date + "\""))
                .retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        return response.getBody().get("matched").asBoolean();
    }

    /** Every Body.StkCallback the merchant received for the deposit, in order, once their deliveries have ended. */
    private List<JsonNode> merchantCallbacks(Submitted deposit) {
        for (UUID eventId : jdbc.sql("select id from events where ordering_key = ? order by created_at")
                .param("deposit:" + deposit.systemId()).query(UUID.class).list()) {
            for (Delivery delivery : events.deliveriesOf(eventId)) {
                resultOf(WorkflowIds.delivery(delivery.clientId(), delivery.id().toString()), Object.class);
            }
        }
        return outside.findAll(postRequestedFor(urlPathEqualTo("/merchant/" + deposit.ocid()))).stream()
                .map(callback -> json.readTree(callback.getBodyAsString()).get("Body").get("StkCallback")).toList();
    }

    /** Waits, skipping time, for the deposit's workflow and then its callback delivery. */
    private String awaitDeposit(Submitted deposit) {
        String resultCode = resultOf(WorkflowIds.expressDeposit("paywire-sandbox", deposit.ocid()), String.class);
        for (Delivery delivery : events.deliveriesOf(UUID.fromString(deposit.systemId()))) {
            resultOf(WorkflowIds.delivery(delivery.clientId(), delivery.id().toString()), Object.class);
        }
        return resultCode;
    }

    private LoggedRequest merchantCallback(Submitted deposit) {
        List<LoggedRequest> received = outside.findAll(postRequestedFor(urlPathEqualTo("/merchant/" + deposit.ocid())));
        assertThat(received).hasSize(1);
        return received.getFirst();
    }

    private static com.github.tomakehurst.wiremock.matching.RequestPatternBuilder getRequestedFor(Submitted deposit) {
        return com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor(
                urlPathEqualTo("/mobile-money/stk-push/" + deposit.systemId()));
    }

    private JsonNode checkStatus(String ocid) {
        return http.get().uri("/v1/express-deposit/check-status?OriginatorConversationId=" + ocid)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
    }

    /**
     * How many times the deposit was credited: at once (prompts sent before credits were held), its held credit
     * posted ({@code #0}), or paid after its hold was released ({@code :paid-late}).
     */
    private int credits(Submitted deposit) {
        String key = "deposit:" + deposit.systemId();
        return jdbc.sql("select count(*) from ledger_transfer_states where idempotency_key in (?, ?, ?) and state = 'POSTED'")
                .params(key, key + "#0", key + ":paid-late").query(Integer.class).single();
    }

    /** The state of the credit held under the deposit's key while its prompt was out. */
    private String holdState(Submitted deposit) {
        return jdbc.sql("select state from ledger_transfer_states where reservation_key = ? limit 1")
                .param("deposit:" + deposit.systemId()).query(String.class).single();
    }

    private BigDecimal utilityBalance() {
        JsonNode balances = http.get().uri("/v1/customer-accounts/get-wallet-balance")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        for (JsonNode account : balances.get("customerAccountBalanceList")) {
            if (account.get("type").asInt() == 2) { // 2: the utility (collections) account
                return account.get("balance").decimalValue();
            }
        }
        throw new AssertionError("no utility account");
    }
}
