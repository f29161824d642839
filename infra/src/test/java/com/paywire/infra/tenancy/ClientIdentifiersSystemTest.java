package com.paywire.infra.tenancy;

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
import com.paywire.api.auth.ClientSecretHasher;
import com.paywire.api.auth.Scope;
import com.paywire.domain.checkout.BillTo;
import com.paywire.domain.checkout.HostedCheckout;
import com.paywire.infra.support.SimulatorMappings;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.TimeSkippingSystemTest;
import com.paywire.persistence.LedgerInvariants;
import com.paywire.persistence.clients.ApiClient;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.ShortCodeStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.workflows.WorkflowIds;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * A client's identifiers are its own: a second client that uses the same originatorConversationId, stan or
 * RequestId in any product gets its own payment, which neither collides with nor reveals the first client's, and
 * each rail callback reaches the payment it was meant for.
 */
class ClientIdentifiersSystemTest extends TimeSkippingSystemTest {

    static final WireMockServer outside = TimeSkippingPlatform.OUTSIDE;
    static final String SANDBOX = "paywire-sandbox";
    static final String TWIN = "identifier-twin";
    static final String SANDBOX_SHORT_CODE = "174379";
    static final String TWIN_SHORT_CODE = "600111";
    static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    static final String KYC_ROUTE = "7084d9cf-08ba-491b-ab39-de9db5ee59d2";
    static final String CHECKOUT_ROUTE = "9701cd4f-98b8-423c-829e-28c6dc337e18";
    static final String CARDS = "/apps/graph/api/v1/cards";

    @Autowired
    ApiClientStore clients;
    @Autowired
    ShortCodeStore shortCodes;
    @Autowired
    Ledger ledger;
    @Autowired
    HostedCheckout checkout;

    String twin;

    @BeforeAll
    static void outsideWorld() {
        outside.stubFor(post(urlPathEqualTo("/mobile-money/b2c/payments")).willReturn(aResponse().withStatus(202)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"transactionId\":\"MM-1\",\"responseCode\":\"0\",\"responseDescription\":\"Accepted\"}")));
        outside.stubFor(get(urlPathMatching("/mobile-money/b2c/payments/.+"))
                .willReturn(okJson("{\"status\":\"PENDING\"}")));
        outside.stubFor(post(urlPathEqualTo("/mobile-money/stk-push")).willReturn(okJson("""
                {"merchantRequestId":"MR-7","checkoutRequestId":"ws_CO_7","responseCode":"0",
                 "responseDescription":"Success. Request accepted for processing"}""")));
        outside.stubFor(get(urlPathMatching("/mobile-money/stk-push/.+")).willReturn(okJson("{\"status\":\"PENDING\"}")));
        outside.stubFor(post(urlPathMatching("/twins/.+")).willReturn(okJson("{}")));
        SimulatorMappings.load(outside, "card-");
        SimulatorMappings.load(outside, "identity-registry-");
        SimulatorMappings.load(outside, "account-lookup-");
        SimulatorMappings.load(outside, "airtime-");
        SimulatorMappings.load(outside, "biller-");
    }

    /** A second client with every scope and route, its own short code and float, beside the sandbox client. */
    @BeforeEach
    void theTwin() {
        clients.registerWithAllRoutes(new ApiClient(TWIN, "Twin", ClientSecretHasher.hash("twin-secret"),
                new LinkedHashSet<>(Scope.allValues())));
        shortCodes.issue(new ShortCodeStore.ShortCode(TWIN_SHORT_CODE, TWIN, "TW"));
        ledger.transfer("twin-float", new Ledger.Leg(LedgerAccounts.FUNDING, LedgerAccounts.working(TWIN), new BigDecimal("50000.00")),
                "Twin's float");
        twin = TimeSkippingPlatform.token(http, TWIN, "twin-secret");
    }

    @Test
    void givenTheSameOriginatorConversationIdAndStan_eachClientShouldGetItsOwnPayout_andEachRailCallbackReachIt() {
        String ocid = UUID.randomUUID().toString();
        String stan = UUID.randomUUID().toString();
        BigDecimal sandboxBefore = ledger.available(LedgerAccounts.working(SANDBOX));
        BigDecimal twinBefore = ledger.available(LedgerAccounts.working(TWIN));

        accepted(send(token, "/v1/payment-order/new-order", payout(ocid, stan, "+254712000101", "100")));
        accepted(send(twin, "/v1/payment-order/new-order", payout(ocid, stan, "+254712000202", "200")));

        String sandboxReference = sentPayoutReference("+254712000101");
        String twinReference = sentPayoutReference("+254712000202");
        assertThat(twinReference).isNotEqualTo(sandboxReference);
        payoutResult(sandboxReference, "0", "Processed");
        payoutResult(twinReference, "2001", "Not a registered wallet");

        assertThat(resultOf(WorkflowIds.payoutLine(SANDBOX, stan), String.class)).isEqualTo("COMPLETED");
        assertThat(resultOf(WorkflowIds.payoutLine(TWIN, stan), String.class)).isEqualTo("FAILED");
        JsonNode mine = onlyLine(token, ocid);
        JsonNode theirs = onlyLine(twin, ocid);
        assertThat(mine.get("transaction").get("systemTraceAuditNumber").asString()).isEqualTo(stan);
        assertThat(mine.get("transactionOutcome").get("transactionStatus").asInt()).isEqualTo(4);
        assertThat(mine.get("transaction").get("amount").decimalValue()).isEqualByComparingTo("100");
        assertThat(theirs.get("transaction").get("systemTraceAuditNumber").asString()).isEqualTo(stan);
        assertThat(theirs.get("transactionOutcome").get("transactionStatus").asInt()).isEqualTo(3);
        assertThat(theirs.get("transactionOutcome").get("resultCode").asString()).isEqualTo("6");
        assertThat(sandboxBefore.subtract(ledger.available(LedgerAccounts.working(SANDBOX)))).isEqualByComparingTo("110.00");
        assertThat(ledger.available(LedgerAccounts.working(TWIN))).isEqualByComparingTo(twinBefore);
        assertThat(payoutEvents(SANDBOX)).containsExactly("payout.completed");
        assertThat(payoutEvents(TWIN)).containsExactly("payout.failed");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenTheSameOriginatorConversationId_eachClientShouldGetItsOwnDeposit_andEachPromptAnswerReachIt() {
        String ocid = UUID.randomUUID().toString();
        BigDecimal sandboxBefore = ledger.available(LedgerAccounts.utility(SANDBOX));
        BigDecimal twinBefore = ledger.available(LedgerAccounts.utility(TWIN));

        String mine = systemConversationId(send(token, "/v1/express-deposit", deposit(SANDBOX_SHORT_CODE, ocid, "75")));
        String theirs = systemConversationId(send(twin, "/v1/express-deposit", deposit(TWIN_SHORT_CODE, ocid, "60")));

        assertThat(theirs).isNotEqualTo(mine);
        promptAnswered(mine, "0", "The service request is processed successfully.");
        promptAnswered(theirs, "1032", "Request cancelled by user");
        assertThat(resultOf(WorkflowIds.expressDeposit(SANDBOX, ocid), String.class)).isEqualTo("0");
        assertThat(resultOf(WorkflowIds.expressDeposit(TWIN, ocid), String.class)).isEqualTo("1032");
        String query = "/v1/express-deposit/check-status?OriginatorConversationId=" + ocid;
        assertThat(read(token, query).get("conversationId").asString()).isEqualTo(mine);
        assertThat(read(token, query).get("status").asString()).isEqualTo("COMPLETED");
        assertThat(read(twin, query).get("conversationId").asString()).isEqualTo(theirs);
        assertThat(read(twin, query).get("status").asString()).isEqualTo("CANCELLED");
        assertThat(ledger.available(LedgerAccounts.utility(SANDBOX)).subtract(sandboxBefore)).isEqualByComparingTo("75.00");
        assertThat(ledger.available(LedgerAccounts.utility(TWIN))).isEqualByComparingTo(twinBefore);
    }

    @Test
    void givenTheSameOriginatorConversationId_eachClientShouldGetItsOwnCheckoutOrder_paidAndCreditedOnItsOwn() {
        String ocid = UUID.randomUUID().toString();
        BigDecimal sandboxBefore = ledger.available(LedgerAccounts.utility(SANDBOX));
        BigDecimal twinBefore = ledger.available(LedgerAccounts.utility(TWIN));

        String mine = checkoutId(send(token, "/v1/checkout-order/new-order", checkoutOrder(ocid, "1200.00")));
        String theirs = checkoutId(send(twin, "/v1/checkout-order/new-order", checkoutOrder(ocid, "300.00")));

        assertThat(theirs).isNotEqualTo(mine);
        for (String checkoutId : List.of(mine, theirs)) {
            checkout.payByMobileMoney(checkoutId, new BillTo("John", "Otieno", null, null, null, null, null, null, null),
                    "0712 000 707");
            UUID attempt = await(() -> jdbc.sql("select id from express_deposits where checkout_id = ?")
                    .param(UUID.fromString(checkoutId)).query(UUID.class).optional());
            promptAnswered(attempt.toString(), "0", "The service request is processed successfully.");
        }
        assertThat(resultOf(WorkflowIds.checkout(SANDBOX, ocid), CheckoutStatus.class)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(resultOf(WorkflowIds.checkout(TWIN, ocid), CheckoutStatus.class)).isEqualTo(CheckoutStatus.COMPLETED);
        String query = "/v1/checkout-order/check-status?IdType=1&Id=" + ocid;
        assertThat(read(token, query).get("checkoutId").asString()).isEqualTo(mine);
        assertThat(read(twin, query).get("checkoutId").asString()).isEqualTo(theirs);
        // each total less its 1.5 % fee, to its own client
        assertThat(ledger.available(LedgerAccounts.utility(SANDBOX)).subtract(sandboxBefore)).isEqualByComparingTo("1182.00");
        assertThat(ledger.available(LedgerAccounts.utility(TWIN)).subtract(twinBefore)).isEqualByComparingTo("295.50");
    }

    @Test
    void givenTheSameRequestId_eachClientShouldGetItsOwnCardAuthorisation() {
        String requestId = "order-" + UUID.randomUUID();

        ResponseEntity<JsonNode> mine = authorise(token, requestId, "12.50");
        ResponseEntity<JsonNode> theirs = authorise(twin, requestId, "30.00");

        assertThat(mine.getStatusCode().value()).as("%s", mine.getBody()).isEqualTo(201);
        assertThat(theirs.getStatusCode().value()).as("%s", theirs.getBody()).isEqualTo(201);
        String myId = mine.getBody().get("AuthorisationId").asString();
        String theirId = theirs.getBody().get("AuthorisationId").asString();
        assertThat(theirId).isNotEqualTo(myId);
        assertThat(read(token, CARDS + "/transactions/" + myId).get("Amount").asString()).isEqualTo("12.50");
        assertThat(read(twin, CARDS + "/transactions/" + theirId).get("Amount").asString()).isEqualTo("30.00");
        assertThat(http.get().uri(CARDS + "/transactions/" + myId).header(HttpHeaders.AUTHORIZATION, "Bearer " + twin)
                .retrieve().toEntity(JsonNode.class).getStatusCode().value()).isEqualTo(404);
    }

    @Test
    void givenTheSameStan_eachClientShouldGetItsOwnKycAnswer() {
        String stan = UUID.randomUUID().toString();

        accepted(send(token, "/v1/kyc-request/validate", kyc(stan, "10000001")));
        accepted(send(twin, "/v1/kyc-request/validate", kyc(stan, "10000002")));

        String query = "/v1/kyc-request/check-status?stan=" + stan;
        JsonNode mine = await(() -> answered(read(token, query), "status", "01")).get("kycRecordDto");
        JsonNode theirs = await(() -> answered(read(twin, query), "status", "01")).get("kycRecordDto");
        assertThat(mine.get("personalProfileNationalID").asString()).isEqualTo("10000001");
        assertThat(mine.get("responseCode").asString()).isEqualTo("00");
        assertThat(theirs.get("personalProfileNationalID").asString()).isEqualTo("10000002");
        assertThat(theirs.get("responseCode").asString()).isEqualTo("02"); // another person's names
    }

    @Test
    void givenTheSameStan_eachClientShouldGetItsOwnAccountValidation() {
        String stan = UUID.randomUUID().toString();

        accepted(send(token, "/v1/account/validate", accountValidation(stan, "0712345678")));
        accepted(send(twin, "/v1/account/validate", accountValidation(stan, "0712000303")));

        String query = "/v1/account/query?stan=" + stan;
        JsonNode mine = await(() -> answered(read(token, query), "status", "0"));
        JsonNode theirs = await(() -> answered(read(twin, query), "status", "0"));
        assertThat(mine.get("accountNumber").asString()).isEqualTo("254712345678");
        assertThat(mine.get("transactionCreditParty").asString()).isEqualTo("JANE WANJIKU MWANGI");
        assertThat(theirs.get("accountNumber").asString()).isEqualTo("254712000303");
        assertThat(theirs.get("transactionCreditParty").asString()).isEqualTo("SANDBOX WALLET HOLDER");
        assertThat(theirs.get("conversationID").asString()).isNotEqualTo(mine.get("conversationID").asString());
    }

    @Test
    void givenTheSameOriginatorConversationId_eachClientShouldGetItsOwnAirtimePurchase() {
        String ocid = UUID.randomUUID().toString();
        BigDecimal twinBefore = ledger.available(LedgerAccounts.working(TWIN));

        accepted(send(token, "/v1/airtime-purchase", airtime(ocid, "254712000505", "100")));
        accepted(send(twin, "/v1/airtime-purchase", airtime(ocid, "254733000606", "50")));

        assertThat(resultOf(WorkflowIds.airtime(SANDBOX, ocid), String.class)).isEqualTo("COMPLETED");
        assertThat(resultOf(WorkflowIds.airtime(TWIN, ocid), String.class)).isEqualTo("COMPLETED");
        String query = "/v1/airtime-purchase/check-status?OriginatorConversationId=" + ocid;
        assertThat(read(token, query).get("recipients").get(0).get("phoneNumber").asString()).isEqualTo("254712000505");
        assertThat(read(twin, query).get("recipients").get(0).get("phoneNumber").asString()).isEqualTo("254733000606");
        assertThat(twinBefore.subtract(ledger.available(LedgerAccounts.working(TWIN)))).isEqualByComparingTo("50.00");
    }

    @Test
    void givenTheSameOriginatorConversationId_eachClientShouldGetItsOwnBillPayment() {
        String ocid = UUID.randomUUID().toString();

        accepted(send(token, "/v1/bill-payments", billPayment(ocid, SANDBOX_SHORT_CODE, "1500")));
        accepted(send(twin, "/v1/bill-payments", billPayment(ocid, TWIN_SHORT_CODE, "700")));

        resultOf(WorkflowIds.billPayment(SANDBOX, ocid), String.class);
        resultOf(WorkflowIds.billPayment(TWIN, ocid), String.class);
        String query = "/v1/bill-payments?OriginatorConversationId=" + ocid;
        JsonNode mine = read(token, query);
        JsonNode theirs = read(twin, query);
        assertThat(mine.get("status").asInt()).isEqualTo(4);
        assertThat(mine.get("amount").decimalValue()).isEqualByComparingTo("1500");
        assertThat(theirs.get("status").asInt()).isEqualTo(4);
        assertThat(theirs.get("amount").decimalValue()).isEqualByComparingTo("700");
        assertThat(theirs.get("systemConversationId").asString())
                .isNotEqualTo(mine.get("systemConversationId").asString());
    }

    private static String payout(String ocid, String stan, String wallet, String amount) {
        return """
                {"originatorConversationId":"%s","paymentOrderLines":[{
                  "recipient":{"name":"Jane Doe","mccmnc":"63902","primaryAccountNumber":"%s","ccy":404,"country":"KE"},
                  "transaction":{"routeId":"%s","ChannelType":1,"amount":%s,"reference":"twins",
                   "systemTraceAuditNumber":"%s"}}]}""".formatted(ocid, wallet, MOBILE_ROUTE, amount, stan);
    }

    /** The reference the mobile-money rail was sent the payout to this wallet under, as the rail keeps it. */
    private String sentPayoutReference(String wallet) {
        LoggedRequest sent = await(() -> outside.findAll(postRequestedFor(urlPathEqualTo("/mobile-money/b2c/payments")))
                .stream().filter(r -> wallet.equals(json.readTree(r.getBodyAsString()).get("msisdn").asString()))
                .findFirst());
        String reference = json.readTree(sent.getBodyAsString()).get("reference").asString();
        assertThat(sent.getHeader("Idempotency-Key")).isEqualTo(reference);
        return reference;
    }

    /** What the mobile-money rail POSTs to Paywire when it has paid, or failed, a payout. */
    private void payoutResult(String reference, String code, String description) {
        railCallback("/rails/mobile-money/b2c-result", """
                {"reference":"%s","transactionId":"MM-1","resultCode":"%s","resultDescription":"%s",
                 "receiptNumber":"R-%s","recipientName":"Jane Doe","walletBalance":"5000.00",
                 "completedAt":"2026-11-21T10:00:00Z"}""".formatted(reference, code, description, code));
    }

    private List<String> payoutEvents(String clientId) {
        return jdbc.sql("select type from events where client_id = ? and type like 'payout.%'").param(clientId)
                .query(String.class).list();
    }

    private JsonNode onlyLine(String clientToken, String ocid) {
        JsonNode lines = read(clientToken, "/v1/payment-order/check-status?IdType=OriginatorConversationId&Id=" + ocid)
                .get("orderLines");
        assertThat(lines).hasSize(1);
        return lines.get(0);
    }

    private String deposit(String shortCode, String ocid, String amount) {
        return """
                {"ShortCode":"%s","Amount":"%s","PhoneNumber":"254712000404","TransactionDesc":"Twins",
                 "OriginatorConversationId":"%s","CallBackUrl":"%s/twins/deposit","Type":0,"Currency":"KES"}"""
                .formatted(shortCode, amount, ocid, outside.baseUrl());
    }

    /** The payer's answer to the prompt of this deposit, once the rail was asked to prompt, as the rail POSTs it. */
    private void promptAnswered(String depositId, String code, String description) {
        await(() -> outside.findAll(postRequestedFor(urlPathEqualTo("/mobile-money/stk-push"))).stream()
                .filter(r -> depositId.equals(json.readTree(r.getBodyAsString()).get("reference").asString()))
                .findFirst());
        railCallback("/rails/mobile-money/stk-result", """
                {"reference":"%s","merchantRequestId":"MR-7","checkoutRequestId":"ws_CO_7","resultCode":"%s",
                 "resultDesc":"%s","receiptNumber":"QKT4RT61SV","transactionDate":"20261120101010"}"""
                .formatted(depositId, code, description));
    }

    private void railCallback(String path, String body) {
        ResponseEntity<JsonNode> response = http.post().uri(path).header("X-Rail-Secret", "sandbox-mobile-money-secret")
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(200);
        assertThat(response.getBody().get("matched").asBoolean()).as("the callback reached a workflow").isTrue();
    }

    private String checkoutOrder(String ocid, String price) {
        return """
                {"originatorConversationId":"%s","checkoutRouteId":"%s","checkoutRouteChannelType":1,
                 "checkoutCurrencyCode":404,"checkoutCurrencyName":"KES","checkoutDueDate":"%s",
                 "checkoutReturnUrl":"https://shop.example/return","checkoutCancelUrl":"https://shop.example/cancel",
                 "checkoutCallbackUrl":"%s/twins/checkout","checkoutRequestLines":[{"sku":"S","name":"Item","price":%s}]}"""
                .formatted(ocid, CHECKOUT_ROUTE, OffsetDateTime.now().plusHours(1).truncatedTo(ChronoUnit.SECONDS),
                        outside.baseUrl(), price);
    }

    private ResponseEntity<JsonNode> authorise(String clientToken, String requestId, String amount) {
        String context = accepted(send(clientToken, CARDS + "/capture-context",
                "{\"TargetOrigins\":[\"https://shop.example\"]}")).get("CaptureContext").asString();
        String transientToken = accepted(http.post().uri(CARDS + "/transient-tokens")
                .header(HttpHeaders.ORIGIN, "https://shop.example").contentType(MediaType.APPLICATION_JSON)
                .body(json.writeValueAsString(Map.of("CaptureContext", context, "Number", "4111111111111111",
                        "ExpiryMonth", "12", "ExpiryYear", "2031", "SecurityCode", "123")))
                .retrieve().toEntity(JsonNode.class), 201).get("TransientToken").asString();
        return send(clientToken, CARDS + "/payment/authorise", json.writeValueAsString(Map.of("Transaction",
                Map.of("Amount", amount, "Currency", "USD", "TransientToken", transientToken, "RequestId", requestId),
                "BillingAddress", Map.of("FirstName", "Jane", "LastName", "Doe", "Country", "US"))));
    }

    private String kyc(String stan, String nationalId) {
        return """
                {"routeId":"%s","kycRequestFirstName":"John","kycRequestLastName":"Mwangi","kycRequestNationalID":"%s",
                 "CustomerAccountSerialNo":"S-1","kycRequestReportReason":1,"systemTraceAuditNumber":"%s",
                 "country":"KE","ccy":404,"kycRequestCallBackURL":"%s/twins/kyc"}"""
                .formatted(KYC_ROUTE, nationalId, stan, outside.baseUrl());
    }

    private String accountValidation(String stan, String wallet) {
        return """
                {"type":1,"systemTraceAuditNumber":"%s","primaryAccountNumber":"%s","institutionCode":"63902",
                 "callBackUrl":"%s/twins/validation","callBackFormat":"JSON","ccy":"404","countryCode":"KE"}"""
                .formatted(stan, wallet, outside.baseUrl());
    }

    private String airtime(String ocid, String phoneNumber, String amount) {
        return json.writeValueAsString(Map.of("originatorConversationId", ocid, "callbackURL",
                outside.baseUrl() + "/twins/airtime", "recipients", List.of(Map.of("currencyCode", "KES",
                        "phoneNumber", phoneNumber, "amount", new BigDecimal(amount), "name", "Recipient"))));
    }

    private String billPayment(String ocid, String shortCode, String amount) {
        return """
                {"transactionType":2,"serviceCode":"KE-GOTV","accountNumber":"7010000001","msisdn":"254712345678",
                 "transactionDesc":"Bill","originatorConversationId":"%s","amount":%s,"customerNames":"Mary Atieno",
                 "countryCode":"KE","currencyCode":"KES","callbackURL":"%s/twins/bill","isExpressPay":false,
                 "paymentMethod":"WALLET","shortCode":"%s","byPassCustomerValidation":false,"saveBillerNumber":false}"""
                .formatted(ocid, amount, outside.baseUrl(), shortCode);
    }

    private ResponseEntity<JsonNode> send(String clientToken, String path, String body) {
        return http.post().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + clientToken)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    private JsonNode read(String clientToken, String path) {
        return accepted(http.get().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + clientToken).retrieve()
                .toEntity(JsonNode.class));
    }

    private static JsonNode accepted(ResponseEntity<JsonNode> response) {
        return accepted(response, 200);
    }

    private static JsonNode accepted(ResponseEntity<JsonNode> response, int status) {
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(status);
        return response.getBody();
    }

    private static String systemConversationId(ResponseEntity<JsonNode> response) {
        return accepted(response).get("message").get("systemConversationId").asString();
    }

    private static String checkoutId(ResponseEntity<JsonNode> response) {
        return accepted(response).get("message").get("checkoutId").asString();
    }

    /** The record once its status is no longer the pending one. */
    private static Optional<JsonNode> answered(JsonNode record, String field, String pending) {
        return pending.equals(record.get(field).asString()) ? Optional.empty() : Optional.of(record);
    }

    /** Polls in real time (workflow time does not move meanwhile) until there is something, at most 30 s. */
    private static <T> T await(Supplier<Optional<T>> poll) {
        long giveUp = System.nanoTime() + 30_000_000_000L;
        Optional<T> found = poll.get();
        while (found.isEmpty()) {
            assertThat(System.nanoTime()).as("waited 30 s in vain").isLessThan(giveUp);
            TimeSkippingPlatform.pause(50);
            found = poll.get();
        }
        return found.get();
    }
}
