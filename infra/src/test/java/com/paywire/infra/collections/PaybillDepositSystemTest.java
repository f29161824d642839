package com.paywire.infra.collections;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
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
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.workflows.WorkflowIds;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * Paybill deposits (C2B) end to end with time skipping: the rail's validation and confirmation reach the API as
 * the rail sends them, PaybillDepositWorkflow credits the client less the charge table's fee (or holds the money
 * in suspense), and the client hears of it, signed, and finds it by receipt or reference; no other client does.
 */
class PaybillDepositSystemTest extends TimeSkippingSystemTest {

    private static final WireMockServer outside = TimeSkippingPlatform.OUTSIDE;
    private static final String RAIL_SECRET = "sandbox-mobile-money-secret";
    private static final String SANDBOX_SHORT_CODE = "174379";

    @Autowired
    EventStore events;

    private String lastReceipt;

    @BeforeAll
    static void merchant() {
        outside.stubFor(post(urlPathMatching("/paybill-merchant/.+")).willReturn(aResponse().withStatus(200).withBody("{}")));
        outside.stubFor(post(urlPathEqualTo("/paybill-validation/yes"))
                .willReturn(okJson("{\"ResultCode\":0,\"ResultDesc\":\"Invoice open\"}")));
        outside.stubFor(post(urlPathEqualTo("/paybill-validation/no"))
                .willReturn(okJson("{\"ResultCode\":\"C2B00013\",\"ResultDesc\":\"Pay the invoice in full\"}")));
        outside.stubFor(post(urlPathEqualTo("/paybill-validation/silent"))
                .willReturn(okJson("{\"ResultCode\":\"C2B00012\"}").withFixedDelay(6_000)));
    }

    @Test
    void givenAValidationUrl_theClientShouldBeAskedSigned_itsRefusalPassedOn_andItsSilenceTakenAsYesInTime() throws Exception {
        try {
            setSettings(token, null, outside.baseUrl() + "/paybill-validation/yes");
            assertThat(validate(SANDBOX_SHORT_CODE, "PWINV-5", "150.00").get("ResultCode").asInt()).isZero();
            LoggedRequest asked = outside.findAll(postRequestedFor(urlPathEqualTo("/paybill-validation/yes"))).getLast();
            JsonNode payment = json.readTree(asked.getBodyAsString());
            assertThat(payment.get("accountReference").asString()).isEqualTo("INV-5");
            assertThat(payment.get("phoneNumber").asString()).isEqualTo("2547*****678");
            assertThat(signatureOf(asked)).isTrue();
            // Paywire's own refusal comes first: the client is not asked
            assertThat(validate(SANDBOX_SHORT_CODE, "XXINV-5", "150.00").get("ResultCode").asString()).isEqualTo("C2B00012");
            assertThat(outside.findAll(postRequestedFor(urlPathEqualTo("/paybill-validation/yes")))).hasSize(1);

            setSettings(token, null, outside.baseUrl() + "/paybill-validation/no");
            assertThat(validate(SANDBOX_SHORT_CODE, "PWINV-5", "150.00").toString())
                    .isEqualTo("{\"ResultCode\":\"C2B00013\",\"ResultDesc\":\"Invalid Amount\"}");

            setSettings(token, null, outside.baseUrl() + "/paybill-validation/silent");
            long started = System.nanoTime();
            assertThat(validate(SANDBOX_SHORT_CODE, "PWINV-5", "150.00").get("ResultCode").asInt()).isZero();
            assertThat((System.nanoTime() - started) / 1_000_000).as("ms the rail waited").isLessThan(4_000);
        } finally {
            setSettings(token, null, null);
        }
    }

    @Test
    void givenTheSandboxPrefix_validationShouldAccept_andUnknownCodesPrefixesAndAmountsShouldBeRefusedWithTheRailsCodes() {
        long recorded = count("select count(*) from paybill_deposits");
        assertThat(validate(SANDBOX_SHORT_CODE, "PWINV-1", "150.00").toString())
                .isEqualTo("{\"ResultCode\":0,\"ResultDesc\":\"Accepted\"}");
        assertThat(validate(SANDBOX_SHORT_CODE, "pwinv-1", "150").get("ResultCode").asInt()).isZero();
        assertThat(validate(SANDBOX_SHORT_CODE, "XXINV-1", "150.00").toString())
                .isEqualTo("{\"ResultCode\":\"C2B00012\",\"ResultDesc\":\"Invalid Account Number\"}");
        assertThat(validate(SANDBOX_SHORT_CODE, "PW", "150.00").get("ResultCode").asString()).isEqualTo("C2B00012");
        assertThat(validate(SANDBOX_SHORT_CODE, "PWINVOICE-2026-11", "150.00").get("ResultCode").asString())
                .isEqualTo("C2B00012");
        assertThat(validate("999999", "PWINV-1", "150.00").get("ResultCode").asString()).isEqualTo("C2B00015");
        assertThat(validate(SANDBOX_SHORT_CODE, "PWINV-1", "0.50").get("ResultCode").asString()).isEqualTo("C2B00013");
        assertThat(validate(SANDBOX_SHORT_CODE, "PWINV-1", "250000.01").get("ResultCode").asString())
                .isEqualTo("C2B00013");
        assertThat(count("select count(*) from paybill_deposits")).isEqualTo(recorded); // asking leaves no trace
    }

    @Test
    void givenAConfirmationRepeated_itShouldBeCreditedOnceLessTheChargeTablesFee_andTheClientCalledBackSigned() throws Exception {
        setSettings(token, outside.baseUrl() + "/paybill-merchant/" + UUID.randomUUID(), null);
        BigDecimal before = utilityBalance();
        String receipt = newReceipt();
        String reference = "INV-" + receipt.substring(0, 6);

        assertThat(confirm(receipt, SANDBOX_SHORT_CODE, "PW" + reference, "150.00").toString())
                .isEqualTo("{\"ResultCode\":0,\"ResultDesc\":\"Success\"}");
        assertThat(confirm(receipt, SANDBOX_SHORT_CODE, "PW" + reference, "150.00").get("ResultCode").asInt()).isZero();
        assertThat(resultOf(WorkflowIds.paybillDeposit(receipt), String.class)).isEqualTo("CREDITED");
        confirm(receipt, SANDBOX_SHORT_CODE, "PW" + reference, "150.00"); // after it was credited, too

        // 0.55 % of 150.00 is 0.825, to the cent half up
        assertThat(utilityBalance().subtract(before)).isEqualByComparingTo("149.17");
        assertThat(count("select count(*) from paybill_deposits where receipt_number = '" + receipt + "'")).isOne();
        String key = "paybill:" + deposit(receipt);
        assertThat(count("select count(*) from ledger_transfers where idempotency_key in ('" + key + "', '" + key
                + ":fee')")).isEqualTo(2);
        JsonNode found = checkStatus(token, "ReceiptNumber=" + receipt).get("deposits");
        assertThat(found).hasSize(1);
        JsonNode deposit = found.get(0);
        assertThat(new ArrayList<>(deposit.propertyNames())).containsExactly("systemConversationId", "receiptNumber",
                "shortCode", "accountNo", "accountReference", "amount", "fee", "creditedAmount", "phoneNumber",
                "transactionTime", "status");
        assertThat(deposit.get("accountReference").asString()).isEqualTo(reference);
        assertThat(deposit.get("fee").decimalValue()).isEqualByComparingTo("0.83");
        assertThat(deposit.get("phoneNumber").asString()).isEqualTo("2547*****678");
        assertThat(deposit.get("status").asString()).isEqualTo("CREDITED");
        assertThat(checkStatus(token, "AccountReference=" + reference).get("deposits").get(0).get("receiptNumber")
                .asString()).isEqualTo(receipt);

        LoggedRequest callback = awaitCallback(receipt);
        JsonNode body = json.readTree(callback.getBodyAsString());
        assertThat(new ArrayList<>(body.propertyNames())).isEqualTo(new ArrayList<>(deposit.propertyNames()));
        assertThat(body.get("receiptNumber").asString()).isEqualTo(receipt);
        assertThat(body.get("phoneNumber").asString()).isEqualTo("2547*****678");
        assertThat(signatureOf(callback)).isTrue();
        // the amount as the status query writes it, in the callback and in the c2b.received event alike
        String status = http.get().uri("/v1/paybill-deposit/check-status?ReceiptNumber=" + receipt)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(String.class);
        String event = http.get().uri("/apps/graph/api/v1/cards/events/" + eventOf(receipt))
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(String.class);
        assertThat(amountAsWritten(status)).isEqualTo("150.00");
        assertThat(amountAsWritten(callback.getBodyAsString())).isEqualTo("150.00");
        assertThat(amountAsWritten(event)).isEqualTo("150.00");

        JsonNode statement = http.get().uri("/v1/customer-accounts/statement?accountType=2")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        assertThat(statement.toString()).contains("Paybill deposit " + receipt + " from 2547*****678")
                .contains("\"PAYBILL_DEPOSIT\"").doesNotContain("254712345678");
        // the statement matches the payer's receipt: what was paid, the fee, and what was credited
        JsonNode entry = statementEntryWithReceipt(receipt);
        assertThat(entry.get("type").asString()).isEqualTo("COLLECTION");
        assertThat(entry.get("grossAmount").decimalValue()).isEqualByComparingTo("150.00");
        assertThat(entry.get("feeAmount").decimalValue()).isEqualByComparingTo("0.83");
        assertThat(entry.get("netAmount").decimalValue()).isEqualByComparingTo("149.17");
        assertThat(entry.get("clientReference").asString()).isEqualTo(reference);
    }

    @Test
    void givenAConfirmationOfAnAmountBeyondTheCent_itShouldBeRefusedAsItsValidationIs_andNothingCredited() {
        BigDecimal before = utilityBalance();
        String receipt = newReceipt();

        assertThat(validate(SANDBOX_SHORT_CODE, "PWINV-3", "1.001").get("ResultCode").asString()).isEqualTo("C2B00013");
        assertThat(confirm(receipt, SANDBOX_SHORT_CODE, "PWINV-3", "1.001").toString())
                .isEqualTo("{\"ResultCode\":\"C2B00013\",\"ResultDesc\":\"Invalid Amount\"}");

        assertThat(count("select count(*) from paybill_deposits where receipt_number = '" + receipt + "'")).isZero();
        assertThat(utilityBalance()).isEqualByComparingTo(before);
    }

    @Test
    void givenAConfirmationWithoutValidation_itShouldBeCreditedAllTheSame() {
        BigDecimal before = utilityBalance();
        String receipt = newReceipt();

        confirm(receipt, SANDBOX_SHORT_CODE, "PWNOVAL-1", "1000.00");

        assertThat(resultOf(WorkflowIds.paybillDeposit(receipt), String.class)).isEqualTo("CREDITED");
        assertThat(utilityBalance().subtract(before)).isEqualByComparingTo("994.50");
    }

    @Test
    void givenAnUnknownPrefix_theMoneyShouldGoToSuspense_seenByOperators_andCreditNoClient() {
        BigDecimal utility = utilityBalance();
        BigDecimal suspense = ledgerBalance(LedgerAccounts.PAYBILL_SUSPENSE);
        String receipt = newReceipt();

        confirm(receipt, SANDBOX_SHORT_CODE, "XXINV-9", "300.00");

        assertThat(resultOf(WorkflowIds.paybillDeposit(receipt), String.class)).isEqualTo("SUSPENDED");
        assertThat(ledgerBalance(LedgerAccounts.PAYBILL_SUSPENSE).subtract(suspense)).isEqualByComparingTo("300.00");
        assertThat(utilityBalance()).isEqualByComparingTo(utility);
        assertThat(http.get().uri("/v1/paybill-deposit/check-status?ReceiptNumber=" + receipt)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class)
                .getStatusCode().value()).isEqualTo(404);
        JsonNode held = http.get().uri("/v1/operations/paybill-suspense")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + TimeSkippingPlatform.operatorToken(http))
                .retrieve().body(JsonNode.class).get("deposits");
        assertThat(held.toString()).contains(receipt).contains("the AccountNo starts with no client's prefix");
    }

    @Test
    void givenAClientOfOnesOwn_itsPrefixShouldNameIt_atItsShortCodeAlone_andNotOnceItIsDisabled() {
        String operator = TimeSkippingPlatform.operatorToken(http);
        JsonNode own = http.post().uri("/v1/admin/clients").header(HttpHeaders.AUTHORIZATION, "Bearer " + operator)
                .contentType(MediaType.APPLICATION_JSON).body(Map.of("name", "Own Paybill Shop"))
                .retrieve().body(JsonNode.class);
        String shortCode = own.get("shortCode").asString();
        String prefix = own.get("accountPrefix").asString();
        assertThat(prefix).matches("[A-Z]{3}").doesNotStartWith("PW");

        assertThat(validate(shortCode, prefix + "INV-1", "150.00").get("ResultCode").asInt()).isZero();
        assertThat(validate(shortCode, prefix.toLowerCase() + "INV-1", "150.00").get("ResultCode").asInt()).isZero();
        assertThat(validate(shortCode, "PWINV-1", "150.00").get("ResultCode").asString()).as("the sandbox's prefix")
                .isEqualTo("C2B00012");
        assertThat(validate(SANDBOX_SHORT_CODE, prefix + "INV-1", "150.00").get("ResultCode").asString())
                .as("its prefix at the sandbox's short code").isEqualTo("C2B00012");
        String mixed = newReceipt();
        confirm(mixed, SANDBOX_SHORT_CODE, prefix + "INV-1", "75.00");
        assertThat(resultOf(WorkflowIds.paybillDeposit(mixed), String.class)).isEqualTo("SUSPENDED");

        http.post().uri("/v1/admin/clients/" + own.get("clientId").asString() + "/disable")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + operator).retrieve().toBodilessEntity();
        assertThat(validate(shortCode, prefix + "INV-1", "150.00").get("ResultCode").asString()).isEqualTo("C2B00012");
        String disabled = newReceipt();
        confirm(disabled, shortCode, prefix + "INV-1", "80.00");
        assertThat(resultOf(WorkflowIds.paybillDeposit(disabled), String.class)).isEqualTo("SUSPENDED");

        assertThat(jdbc.sql("select receipt_number, status_reason from paybill_deposits where receipt_number in (?, ?)"
                        + " order by amount").params(mixed, disabled)
                .query((rs, n) -> rs.getString(1) + ": " + rs.getString(2)).list()).containsExactly(
                mixed + ": the AccountNo's prefix " + prefix + " names a client the short code is not issued to",
                disabled + ": the short code's client is disabled");
    }

    @Test
    void givenAnotherClient_theSandboxClientsDepositShouldNotBeFound() {
        String receipt = newReceipt();
        confirm(receipt, SANDBOX_SHORT_CODE, "PWMINE-1", "50.00");
        assertThat(resultOf(WorkflowIds.paybillDeposit(receipt), String.class)).isEqualTo("CREDITED");
        String operator = TimeSkippingPlatform.operatorToken(http);
        JsonNode other = http.post().uri("/v1/admin/clients").header(HttpHeaders.AUTHORIZATION, "Bearer " + operator)
                .contentType(MediaType.APPLICATION_JSON).body(Map.of("name", "Other Paybill Shop"))
                .retrieve().body(JsonNode.class);
        String theirs = TimeSkippingPlatform.token(http, other.get("clientId").asString(),
                other.get("clientSecret").asString());

        for (String query : new String[] {"ReceiptNumber=" + receipt, "AccountReference=MINE-1"}) {
            ResponseEntity<JsonNode> answer = http.get().uri("/v1/paybill-deposit/check-status?" + query)
                    .header(HttpHeaders.AUTHORIZATION, "Bearer " + theirs).retrieve().toEntity(JsonNode.class);
            assertThat(answer.getStatusCode().value()).as(query).isEqualTo(404);
        }
        assertThat(checkStatus(token, "ReceiptNumber=" + receipt).get("deposits")).hasSize(1);
    }

    @Test
    void givenAWrongOrMissingRailSecret_bothEndpointsShouldAnswer401_andRecordNothing() {
        String receipt = newReceipt();
        for (String path : new String[] {"/rails/mobile-money/c2b/validation", "/rails/mobile-money/c2b/confirmation"}) {
            for (String secret : new String[] {"sandbox-bank-secret", null}) {
                var request = http.post().uri(path).contentType(MediaType.APPLICATION_JSON)
                        .body(body(receipt, SANDBOX_SHORT_CODE, "PWINV-1", "10.00"));
                if (secret != null) {
                    request = request.header("X-Rail-Secret", secret);
                }
                assertThat(request.retrieve().toEntity(JsonNode.class).getStatusCode().value()).as("%s %s", path, secret)
                        .isEqualTo(401);
            }
        }
        assertThat(count("select count(*) from paybill_deposits where receipt_number = '" + receipt + "'")).isZero();
    }

    @Test
    void givenABodyOfTheWrongShape_itShouldAnswer400_andRecordNothing() {
        long before = count("select count(*) from paybill_deposits");
        for (String body : List.of("[1]", "{}", body("x", SANDBOX_SHORT_CODE, "PWINV-1", "10.00"),
                body(newReceipt(), SANDBOX_SHORT_CODE, "PWINV-1", "ten"),
                body(newReceipt(), "17a379", "PWINV-1", "10.00"))) {
            ResponseEntity<JsonNode> answer = http.post().uri("/rails/mobile-money/c2b/confirmation")
                    .header("X-Rail-Secret", RAIL_SECRET).contentType(MediaType.APPLICATION_JSON).body(body)
                    .retrieve().toEntity(JsonNode.class);
            assertThat(answer.getStatusCode().value()).as(body).isEqualTo(400);
        }
        assertThat(count("select count(*) from paybill_deposits")).isEqualTo(before);
    }

    /** Keeps the workflow's history for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void recordHistoryIfAsked(TestInfo test) throws IOException {
        String target = System.getProperty("paywire.recordHistories");
        String method = test.getTestMethod().orElseThrow().getName();
        if (target != null && lastReceipt != null && (method.contains("Repeated") || method.contains("UnknownPrefix"))) {
            Files.writeString(Path.of(target).resolve("paybill-deposit-" + method + ".json"),
                    historyToKeep(WorkflowIds.paybillDeposit(lastReceipt)));
        }
    }

    /** The sandbox client's utility statement entry with this rail receipt, page by page. */
    private JsonNode statementEntryWithReceipt(String receipt) {
        for (int page = 1; ; page++) {
            JsonNode entries = http.get().uri("/v1/customer-accounts/statement?accountType=2&pageSize=500&page=" + page)
                    .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class).get("entries");
            assertThat(entries).as("an entry with receipt " + receipt).isNotEmpty();
            for (JsonNode entry : entries) {
                if (entry.hasNonNull("receiptNumber") && receipt.equals(entry.get("receiptNumber").asString())) {
                    return entry;
                }
            }
        }
    }

    private String newReceipt() {
        lastReceipt = "T" + UUID.randomUUID().toString().replace("-", "").substring(0, 9).toUpperCase();
        return lastReceipt;
    }

    private static String body(String receipt, String shortCode, String accountNo, String amount) {
        return """
                {"TransactionType":"Pay Bill","TransID":"%s","TransTime":"20261127101500","TransAmount":"%s",
                 "BusinessShortCode":"%s","BillRefNumber":"%s","InvoiceNumber":"","OrgAccountBalance":"",
                 "ThirdPartyTransID":"","MSISDN":"254712345678","FirstName":"Jane"}"""
                .formatted(receipt, amount, shortCode, accountNo);
    }

    private JsonNode validate(String shortCode, String accountNo, String amount) {
        return rail("/rails/mobile-money/c2b/validation", body(newReceipt(), shortCode, accountNo, amount));
    }

    private JsonNode confirm(String receipt, String shortCode, String accountNo, String amount) {
        return rail("/rails/mobile-money/c2b/confirmation", body(receipt, shortCode, accountNo, amount));
    }

    private JsonNode rail(String path, String body) {
        ResponseEntity<JsonNode> answer = http.post().uri(path).header("X-Rail-Secret", RAIL_SECRET)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
        assertThat(answer.getStatusCode().value()).as("%s", answer.getBody()).isEqualTo(200);
        return answer.getBody();
    }

    private void setSettings(String bearer, String callbackUrl, String validationUrl) {
        Map<String, String> settings = new HashMap<>();
        settings.put("callbackUrl", callbackUrl);
        settings.put("validationUrl", validationUrl);
        ResponseEntity<JsonNode> saved = http.put().uri("/v1/paybill-deposit/settings")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer).contentType(MediaType.APPLICATION_JSON)
                .body(settings).retrieve().toEntity(JsonNode.class);
        assertThat(saved.getStatusCode().value()).as("%s", saved.getBody()).isEqualTo(200);
    }

    private JsonNode checkStatus(String bearer, String query) {
        ResponseEntity<JsonNode> answer = http.get().uri("/v1/paybill-deposit/check-status?" + query)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer).retrieve().toEntity(JsonNode.class);
        assertThat(answer.getStatusCode().value()).as("%s", answer.getBody()).isEqualTo(200);
        return answer.getBody();
    }

    /** Whether the request carries Paywire's signature of its body with the sandbox client's callback secret. */
    private static boolean signatureOf(LoggedRequest request) throws Exception {
        String[] signature = request.getHeader("Paywire-Signature").split(",");
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec("sandbox-callback-secret".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return signature[1].equals("v1=" + HexFormat.of().formatHex(mac.doFinal(
                (signature[0].substring(2) + "." + request.getBodyAsString()).getBytes(StandardCharsets.UTF_8))));
    }

    private UUID deposit(String receipt) {
        return jdbc.sql("select id from paybill_deposits where receipt_number = ?").param(receipt)
                .query(UUID.class).single();
    }

    /** The c2b.received event of the deposit. */
    private UUID eventOf(String receipt) {
        return jdbc.sql("select id from events where ordering_key = ?").param("paybill:" + deposit(receipt))
                .query(UUID.class).single();
    }

    /** The deposit's amount as the JSON text spells it (a parsed number would forget its decimals). */
    private static String amountAsWritten(String json) {
        Matcher amount = Pattern.compile("\"amount\":([^,}]+)").matcher(json);
        assertThat(amount.find()).as(json).isTrue();
        return amount.group(1);
    }

    /** The deposit's callback, once its delivery has ended. */
    private LoggedRequest awaitCallback(String receipt) {
        for (Delivery delivery : events.deliveriesOf(eventOf(receipt))) {
            resultOf(WorkflowIds.delivery(delivery.clientId(), delivery.id().toString()), Object.class);
        }
        List<LoggedRequest> received = outside.findAll(postRequestedFor(urlPathMatching("/paybill-merchant/.+")))
                .stream().filter(r -> r.getBodyAsString().contains(receipt)).toList();
        assertThat(received).hasSize(1);
        return received.getFirst();
    }

    private long count(String sql) {
        return jdbc.sql(sql).query(Long.class).single();
    }

    private BigDecimal ledgerBalance(String account) {
        return jdbc.sql("select balance from ledger_accounts where id = ?").param(account).query(BigDecimal.class).single();
    }

    private BigDecimal utilityBalance() {
        return ledgerBalance(LedgerAccounts.utility("paywire-sandbox"));
    }
}
