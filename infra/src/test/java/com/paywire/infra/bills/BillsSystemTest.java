package com.paywire.infra.bills;

import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.infra.support.LoopbackReceiver;
import com.paywire.infra.support.SimulatorMappings;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.TimeSkippingSystemTest;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.workflows.WorkflowIds;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Bills end to end with time skipping, on the rails simulator's own biller stubs: the catalogue, saved bill
 * numbers, queries and validations answered at once, and payments through BillPaymentWorkflow to the ledger.
 */
class BillsSystemTest extends TimeSkippingSystemTest {

    static final WireMockServer outside = TimeSkippingPlatform.OUTSIDE;
    static final BigDecimal FEE = new BigDecimal("30.00");

    @Autowired
    ApiClientStore clients;

    @BeforeAll
    static void billerAndReceiver() {
        SimulatorMappings.load(outside, "biller-");
        outside.stubFor(post(urlPathMatching("/bill-receiver/.+")).willReturn(okJson("{}")));
    }

    @Test
    void givenTheCatalogue_itShouldGroupTheServicesByKind_withTheirLimits() {
        JsonNode groups = get("/v1/bill-services").getBody().get("billServiceGroup");

        List<String> routes = new ArrayList<>();
        groups.forEach(g -> routes.add(g.get("route").asString()));
        assertThat(routes).containsExactly("TV", "ELECTRICITY", "WATER");
        JsonNode gotv = groups.get(0).get("billServices").get(1);
        assertThat(gotv.get("serviceTypeDescription").asString()).isEqualTo("GOtv");
        assertThat(gotv.get("serviceType").asInt()).isEqualTo(2);
        assertThat(gotv.get("minAmount").decimalValue()).isEqualByComparingTo("100");
        assertThat(gotv.get("maxAmount").decimalValue()).isEqualByComparingTo("20000");
        assertThat(gotv.get("validateAccountEnabled").asBoolean()).isTrue();
    }

    @Test
    void givenAnAccountTheBillerKnows_itShouldBeSavedWithItsHolderAndBill_andFound() {
        ResponseEntity<JsonNode> saved = send("/v1/bill-numbers", """
                {"serviceCode":"KE-GOTV","accountNumber":"7010000001","phoneNumber":"0712345678","RemindMeDueDate":false}""");

        assertThat(saved.getStatusCode().value()).isEqualTo(200);
        JsonNode message = saved.getBody().get("message");
        assertThat(message.get("remarks").asString()).isEqualTo("Bill Number submission accepted");
        assertThat(message.get("customerName").asString()).isEqualTo("MARY ATIENO");
        assertThat(message.get("accountCustomerName").asString()).isEqualTo("MARY ATIENO");
        assertThat(message.get("lastKnownBalance").decimalValue()).isEqualByComparingTo("1500.00");
        assertThat(message.get("verified").asBoolean()).isTrue();
        JsonNode found = get("/v1/bill-numbers?ServiceId=2&AccountNumber=7010000001").getBody();
        assertThat(found.get("serviceId").asString()).isEqualTo("2");
        assertThat(found.get("serviceID").asString()).isEqualTo("2");
        assertThat(found.get("phoneNumber").asString()).isEqualTo("254712345678");
        assertThat(found.get("serviceCategory").asString()).isEqualTo("TV");
        String guid = jdbc.sql("select id::text from bill_services where service_type = 2").query(String.class).single();
        JsonNode byGuid = get("/v1/bill-numbers?ServiceId=" + guid + "&AccountNumber=7010000001").getBody();
        assertThat(byGuid.get("serviceId").asString()).isEqualTo(guid);
        assertThat(byGuid.get("serviceID").asString()).isEqualTo(guid);
    }

    @Test
    void givenAnAccountTheBillerDoesNotKnow_orAMissingField_theSpecsShapesShouldAnswer() {
        ResponseEntity<JsonNode> unknown = send("/v1/bill-numbers", "{\"serviceId\":2,\"accountNumber\":\"0000000000\"}");
        assertThat(unknown.getStatusCode().value()).isEqualTo(400);
        assertThat(new ArrayList<>(unknown.getBody().propertyNames()))
                .containsExactly("appDomainName", "timestamp", "reason");
        assertThat(unknown.getBody().get("reason").asString()).isEqualTo("Account number is invalid.");

        ResponseEntity<JsonNode> missing = send("/v1/bill-numbers", "{\"accountNumber\":\"7010000001\"}");
        assertThat(missing.getStatusCode().value()).isEqualTo(400);
        assertThat(missing.getBody().get("errors").get("serviceId").get(0).asString())
                .isEqualTo("The serviceId field is required.");
        assertThat(missing.getBody().get("title").asString()).isEqualTo("One or more validation errors occurred.");
    }

    @Test
    void givenAQuery_andAValidation_theBillersAnswerShouldComeBackAtOnce() {
        JsonNode query = send("/v1/bill-payments", """
                {"transactionType":1,"serviceCode":"KE-GOTV","accountNumber":"7010000001"}""").getBody().get("message");
        assertThat(query.get("accountCustomerName").asString()).isEqualTo("MARY ATIENO");
        assertThat(query.get("dueAmount").decimalValue()).isEqualByComparingTo("1500.00");
        assertThat(query.get("dueDate").isNull()).isFalse();

        JsonNode validation = send("/v1/bill-payments", """
                {"transactionType":3,"serviceId":5,"accountNumber":"7010000410"}""").getBody().get("message");
        assertThat(validation.get("active").asBoolean()).isFalse();
        assertThat(validation.get("statusCode").asString()).isEqualTo("2");
    }

    @Test
    void givenAPayment_itShouldBePaid_postedOnce_andCalledBackSigned_withTheLedgerBalanced() {
        BigDecimal before = workingBalance();
        String ocid = pay("KE-GOTV", "7010000001", "1500");

        JsonNode record = awaitFinal(ocid);

        assertThat(record.get("status").asInt()).isEqualTo(4);
        assertThat(record.get("transactionStatusDescription").asString()).isEqualTo("Completed");
        assertThat(record.get("receiptNumber").asString()).startsWith("BP");
        assertThat(record.get("accountCustomerName").asString()).isEqualTo("MARY ATIENO");
        assertThat(record.get("serviceID").asInt()).isEqualTo(2);
        assertThat(record.get("datePaymentReceived").asString()).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d");
        assertThat(before.subtract(workingBalance())).isEqualByComparingTo(new BigDecimal("1500").add(FEE));
        assertLedgerBalanced();
        LoggedRequest callback = TimeSkippingPlatform.awaitPostTo("/bill-receiver/" + ocid);
        assertThat(json.readTree(callback.getBodyAsString())).isEqualTo(record);
        String[] signature = callback.getHeader("Paywire-Signature").split(",");
        assertThat(signature[1]).isEqualTo("v1=" + LoopbackReceiver.hmacHex("sandbox-callback-secret",
                signature[0].substring(2) + "." + callback.getBodyAsString()));
    }

    @Test
    void givenPrepaidElectricity_theReceiptShouldCarryTheToken() {
        JsonNode record = awaitFinal(pay("KE-KPLC-PREPAID", "37000000001", "500"));

        assertThat(record.get("status").asInt()).isEqualTo(4);
        assertThat(record.get("receiptNumber").asString()).matches("KP\\d{10} Token: \\d{4}-\\d{4}-\\d{4}-\\d{4}-\\d{4}");
    }

    @Test
    void givenAnAccountTheBillerRefuses_nothingShouldMove() {
        BigDecimal before = workingBalance();

        JsonNode record = awaitFinal(pay("KE-GOTV", "0000000000", "500"));

        assertThat(record.get("status").asInt()).isEqualTo(2);
        assertThat(record.get("statusCode").asString()).isEqualTo("1");
        assertThat(workingBalance()).isEqualByComparingTo(before);
        assertThat(outside.findAll(postRequestedFor(urlPathEqualTo("/biller/payments"))
                .withRequestBody(com.github.tomakehurst.wiremock.client.WireMock.containing("0000000000")))).isEmpty();
    }

    @Test
    void givenTheBillerRefusesThePayment_theHeldFundsShouldBeReleased() {
        BigDecimal before = workingBalance();

        JsonNode record = awaitFinal(pay("KE-ZUKU", "7010000402", "500"));

        assertThat(record.get("status").asInt()).isEqualTo(2);
        assertThat(record.get("statusCode").asString()).isEqualTo("BLR02");
        assertThat(workingBalance()).isEqualByComparingTo(before);
        assertThat(jdbc.sql("select state from ledger_transfer_states where reservation_key = ?")
                .param("bill:" + systemId(record)).query(String.class).list()).containsOnly(TransferState.VOIDED.name());
        assertLedgerBalanced();
    }

    @Test
    void givenTheBillerTimesOut_thenConfirmsLate_itShouldBePosted_once() {
        BigDecimal before = workingBalance();

        JsonNode record = awaitFinal(pay("KE-ZUKU", "7010000408", "700"));

        assertThat(record.get("status").asInt()).isEqualTo(4);
        assertThat(record.get("receiptNumber").asString()).startsWith("BPC");
        assertThat(before.subtract(workingBalance())).isEqualByComparingTo(new BigDecimal("700").add(FEE));
        assertThat(jdbc.sql("select count(*) from ledger_transfer_states where reservation_key = ? and state = ?")
                .params("bill:" + systemId(record), TransferState.POSTED.name()).query(Integer.class).single()).isEqualTo(2);
        assertLedgerBalanced();
    }

    @Test
    void givenABillerWhoseAnswersAreLost_theStatusQueryShouldDecide_aPaymentPosted_andAFailureReleased() {
        BigDecimal before = workingBalance();

        JsonNode paid = awaitFinal(pay("KE-ZUKU", "7010000504", "600"));
        JsonNode failed = awaitFinal(pay("KE-ZUKU", "7010000509", "400"));

        assertThat(paid.get("status").asInt()).isEqualTo(4);
        assertThat(paid.get("receiptNumber").asString()).startsWith("BPC");
        assertThat(failed.get("status").asInt()).isEqualTo(2);
        assertThat(failed.get("statusCode").asString()).isEqualTo("BLR09");
        assertThat(jdbc.sql("select state from ledger_transfer_states where reservation_key = ?")
                .param("bill:" + systemId(paid)).query(String.class).list()).containsOnly(TransferState.POSTED.name());
        assertThat(jdbc.sql("select state from ledger_transfer_states where reservation_key = ?")
                .param("bill:" + systemId(failed)).query(String.class).list()).containsOnly(TransferState.VOIDED.name());
        assertThat(before.subtract(workingBalance())).isEqualByComparingTo(new BigDecimal("600").add(FEE));
        assertLedgerBalanced();
    }

    @Test
    void givenTheBillerNeverConfirms_theFundsShouldStayHeld_pendingConfirmation_andBeReferred() {
        String ocid = pay("KE-ZUKU", "7010000502", "300");

        assertThat(resultOf(WorkflowIds.billPayment("paywire-sandbox", ocid), String.class)).isEqualTo("14");

        JsonNode record = get("/v1/bill-payments?OriginatorConversationId=" + ocid).getBody();
        assertThat(record.get("status").asInt()).isEqualTo(1);
        assertThat(record.get("statusCode").asString()).isEqualTo("14");
        assertThat(record.get("statusDescription").asString()).startsWith("Pending confirmation")
                .contains("referred to Paywire operations");
        assertThat(jdbc.sql("select state from ledger_transfer_states where reservation_key = ?")
                .param("bill:" + systemId(record)).query(String.class).list()).containsOnly(TransferState.PENDING.name());
        assertThat(jdbc.sql("select count(*) from bill_payments where id = ?::uuid and referred_at is not null")
                .param(systemId(record)).query(Integer.class).single()).isEqualTo(1);
        assertLedgerBalanced();
    }

    @Test
    void givenAnAmountOutsideTheServicesLimits_itShouldBeRefusedNamingAmount_andADuplicateNamingTheId() {
        ResponseEntity<JsonNode> tooMuch = send("/v1/bill-payments", body("KE-GOTV", "7010000001", "20000.01",
                UUID.randomUUID().toString()));
        assertThat(tooMuch.getStatusCode().value()).isEqualTo(400);
        assertThat(tooMuch.getBody().get("errors").get(0).get("field").asString()).isEqualTo("amount");

        String ocid = pay("KE-GOTV", "7010000001", "100");
        ResponseEntity<JsonNode> again = send("/v1/bill-payments", body("KE-GOTV", "7010000001", "100", ocid));
        assertThat(again.getStatusCode().value()).isEqualTo(400);
        assertThat(again.getBody().get("errors").get(0).get("field").asString()).isEqualTo("originatorConversationId");

        clients.registerWithAllRoutes(new ApiClient("bills-snoop", "Snoop", ClientSecretHasher.hash("snoop-secret"),
                Set.of("bills")));
        String snoop = TimeSkippingPlatform.token(http, "bills-snoop", "snoop-secret");
        assertThat(http.get().uri("/v1/bill-payments?OriginatorConversationId=" + ocid)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + snoop).retrieve().toEntity(JsonNode.class)
                .getStatusCode().value()).isEqualTo(404);
        assertThat(http.get().uri("/v1/bill-numbers?ServiceId=2&AccountNumber=7010000001")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + snoop).retrieve().toEntity(JsonNode.class)
                .getStatusCode().value()).isEqualTo(404);
    }

    @Test
    void givenRemindMeDueDate_aReminderShouldReachTheWebhookBeforeTheDueDate_andTurningItOffShouldEndIt() {
        // the due date is the workflows' clock's, which other tests of this context have moved on by weeks
        String dueDate = Instant.ofEpochMilli(env.currentTimeMillis()).atZone(ZoneOffset.UTC).toLocalDate()
                .plusDays(10).toString();
        outside.stubFor(post(urlPathEqualTo("/biller/accounts/lookup")).atPriority(0)
                .withRequestBody(matchingJsonPath("$[?(@.accountNumber == '7010000777')]"))
                .willReturn(okJson("{\"accountName\":\"PETER NJOROGE\",\"balance\":\"2100.00\",\"dueDate\":\""
                        + dueDate + "\",\"active\":true}")));
        outside.stubFor(post(urlPathEqualTo("/bill-webhook")).willReturn(okJson("{}")));
        ResponseEntity<JsonNode> hook = send("/apps/graph/api/v1/cards/webhooks", """
                {"Url":"%s/bill-webhook","Events":["bill.due_date_reminder"],"SigningSecret":"whsec_bills_0123456789abcdef"}"""
                .formatted(outside.baseUrl()));
        assertThat(hook.getStatusCode().value()).as("%s", hook.getBody()).isEqualTo(201);
        assertThat(send("/v1/bill-numbers", """
                {"serviceId":1,"accountNumber":"7010000777","RemindMeDueDate":true}""").getStatusCode().value())
                .isEqualTo(200);
        String numberId = jdbc.sql("select id::text from bill_numbers where account_number = '7010000777'")
                .query(String.class).single();

        env.sleep(Duration.ofDays(8)); // due in 10 days; the reminder goes 3 days before

        JsonNode event = json.readTree(TimeSkippingPlatform.awaitPostTo("/bill-webhook").getBodyAsString());
        assertThat(event.get("Type").asString()).isEqualTo("bill.due_date_reminder");
        assertThat(event.get("Data").get("accountNumber").asString()).isEqualTo("7010000777");
        assertThat(event.get("Data").get("serviceCode").asString()).isEqualTo("KE-DSTV");
        assertThat(event.get("Data").get("customerName").asString()).isEqualTo("PETER NJOROGE");
        assertThat(event.get("Data").get("dueDate").asString()).startsWith(
                LocalDate.parse(dueDate).minusDays(1).toString()); // midnight in Nairobi is 21:00 UTC the day before

        send("/v1/bill-numbers", "{\"serviceId\":1,\"accountNumber\":\"7010000777\",\"RemindMeDueDate\":false}");
        resultOf(WorkflowIds.billReminder("paywire-sandbox", numberId), Void.class); // ends: turned off
    }

    private String pay(String serviceCode, String account, String amount) {
        String ocid = UUID.randomUUID().toString();
        ResponseEntity<JsonNode> accepted = send("/v1/bill-payments", body(serviceCode, account, amount, ocid));
        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(200);
        assertThat(accepted.getBody().get("message").get("remarks").asString()).isEqualTo("Bill Payment request accepted");
        return ocid;
    }

    private String body(String serviceCode, String account, String amount, String ocid) {
        return """
                {"transactionType":2,"serviceCode":"%s","accountNumber":"%s","msisdn":"254712345678",
                 "transactionDesc":"Bill","originatorConversationId":"%s","amount":%s,"customerNames":"Mary Atieno",
                 "countryCode":"KE","currencyCode":"KES","callbackURL":"%s/bill-receiver/%s","isExpressPay":false,
                 "paymentMethod":"WALLET","shortCode":"174379","byPassCustomerValidation":false,"saveBillerNumber":false}"""
                .formatted(serviceCode, account, ocid, amount, outside.baseUrl(), ocid);
    }

    /** Waits for the payment's workflow, skipping time through retries and the confirmation's wait. */
    private JsonNode awaitFinal(String ocid) {
        resultOf(WorkflowIds.billPayment("paywire-sandbox", ocid), String.class);
        return get("/v1/bill-payments?OriginatorConversationId=" + ocid).getBody();
    }

    private static String systemId(JsonNode record) {
        return record.get("systemConversationId").asString();
    }

    /** Every posted transfer moved as much out as in, and the accounts' balances are the sums of their entries. */
    private void assertLedgerBalanced() {
        assertThat(jdbc.sql("select coalesce(sum(amount), 0) from ledger_entries").query(BigDecimal.class).single())
                .isEqualByComparingTo("0");
        assertThat(jdbc.sql("""
                select count(*) from ledger_account_balances a where a.balance <> (select coalesce(sum(e.amount), 0)
                    from ledger_entries e where e.account_id = a.id)""").query(Integer.class).single()).isZero();
    }

    private BigDecimal workingBalance() {
        JsonNode balances = get("/v1/customer-accounts/get-wallet-balance").getBody();
        for (JsonNode account : balances.get("customerAccountBalanceList")) {
            if (account.get("type").asInt() == 1) { // 1: the working (payouts) account
                return account.get("balance").decimalValue();
            }
        }
        throw new AssertionError("no working account");
    }

    private ResponseEntity<JsonNode> get(String uri) {
        return http.get().uri(uri).header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
    }

    private ResponseEntity<JsonNode> send(String uri, String body) {
        return http.post().uri(uri).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }
}
