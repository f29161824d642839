package com.paywire.infra.support;

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
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One request of each product as a client sends it to the API on the {@link TimeSkippingPlatform}, and the rails'
 * answers to them, for system tests that go through every product. Callbacks go to {@code /twins/...} of the
 * outside world, which {@link #stubTheOutsideWorld()} answers with the rails.
 */
public final class ClientRequests {

    public static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    public static final String KYC_ROUTE = "7084d9cf-08ba-491b-ab39-de9db5ee59d2";
    public static final String CHECKOUT_ROUTE = "9701cd4f-98b8-423c-829e-28c6dc337e18";
    public static final String CARDS = "/apps/graph/api/v1/cards";
    private static final WireMockServer outside = TimeSkippingPlatform.OUTSIDE;

    private final RestClient http;
    private final JsonMapper json;

    public ClientRequests(RestClient http, JsonMapper json) {
        this.http = http;
        this.json = json;
    }

    /** The rails these requests go to, and the receivers of their callbacks. */
    public static void stubTheOutsideWorld() {
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

    public static String payout(String ocid, String stan, String wallet, String amount) {
        return """
                {"originatorConversationId":"%s","paymentOrderLines":[{
                  "recipient":{"name":"Jane Doe","mccmnc":"63902","primaryAccountNumber":"%s","ccy":404,"country":"KE"},
                  "transaction":{"routeId":"%s","ChannelType":1,"amount":%s,"reference":"twins",
                   "systemTraceAuditNumber":"%s"}}]}""".formatted(ocid, wallet, MOBILE_ROUTE, amount, stan);
    }

    /** The reference the mobile-money rail was sent the payout to this wallet under, as the rail keeps it. */
    public String sentPayoutReference(String wallet) {
        LoggedRequest sent = await(() -> outside.findAll(postRequestedFor(urlPathEqualTo("/mobile-money/b2c/payments")))
                .stream().filter(r -> wallet.equals(json.readTree(r.getBodyAsString()).get("msisdn").asString()))
                .findFirst());
        String reference = json.readTree(sent.getBodyAsString()).get("reference").asString();
        assertThat(sent.getHeader("Idempotency-Key")).isEqualTo(reference);
        return reference;
    }

    /** What the mobile-money rail POSTs to Paywire when it has paid, or failed, a payout. */
    public void payoutResult(String reference, String code, String description) {
        railCallback("/rails/mobile-money/b2c-result", """
                {"reference":"%s","transactionId":"MM-1","resultCode":"%s","resultDescription":"%s",
                 "receiptNumber":"R-%s","recipientName":"Jane Doe","walletBalance":"5000.00",
                 "completedAt":"2026-11-21T10:00:00Z"}""".formatted(reference, code, description, code));
    }

    public static String deposit(String shortCode, String ocid, String amount) {
        return """
                {"ShortCode":"%s","Amount":"%s","PhoneNumber":"254712000404","TransactionDesc":"Twins",
                 "OriginatorConversationId":"%s","CallBackUrl":"%s/twins/deposit","Type":0,"Currency":"KES"}"""
                .formatted(shortCode, amount, ocid, outside.baseUrl());
    }

    /** The payer's answer to the prompt of this deposit, once the rail was asked to prompt, as the rail POSTs it. */
    public void promptAnswered(String depositId, String code, String description) {
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

    public static String checkoutOrder(String ocid, String price) {
        return """
                {"originatorConversationId":"%s","checkoutRouteId":"%s","checkoutRouteChannelType":1,
                 "checkoutCurrencyCode":404,"checkoutCurrencyName":"KES","checkoutDueDate":"%s",
                 "checkoutReturnUrl":"https://shop.example/return","checkoutCancelUrl":"https://shop.example/cancel",
                 "checkoutCallbackUrl":"%s/twins/checkout","checkoutRequestLines":[{"sku":"S","name":"Item","price":%s}]}"""
                .formatted(ocid, CHECKOUT_ROUTE, OffsetDateTime.now().plusHours(1).truncatedTo(ChronoUnit.SECONDS),
                        outside.baseUrl(), price);
    }

    public ResponseEntity<JsonNode> authorise(String clientToken, String requestId, String amount) {
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

    public static String kyc(String stan, String nationalId) {
        return """
                {"routeId":"%s","kycRequestFirstName":"John","kycRequestLastName":"Mwangi","kycRequestNationalID":"%s",
                 "CustomerAccountSerialNo":"S-1","kycRequestReportReason":1,"systemTraceAuditNumber":"%s",
                 "country":"KE","ccy":404,"kycRequestCallBackURL":"%s/twins/kyc"}"""
                .formatted(KYC_ROUTE, nationalId, stan, outside.baseUrl());
    }

    public static String accountValidation(String stan, String wallet) {
        return """
                {"type":1,"systemTraceAuditNumber":"%s","primaryAccountNumber":"%s","institutionCode":"63902",
                 "callBackUrl":"%s/twins/validation","callBackFormat":"JSON","ccy":"404","countryCode":"KE"}"""
                .formatted(stan, wallet, outside.baseUrl());
    }

    public String airtime(String ocid, String phoneNumber, String amount) {
        return json.writeValueAsString(Map.of("originatorConversationId", ocid, "callbackURL",
                outside.baseUrl() + "/twins/airtime", "recipients", List.of(Map.of("currencyCode", "KES",
                        "phoneNumber", phoneNumber, "amount", new BigDecimal(amount), "name", "Recipient"))));
    }

    public static String billPayment(String ocid, String shortCode, String amount) {
        return """
                {"transactionType":2,"serviceCode":"KE-GOTV","accountNumber":"7010000001","msisdn":"254712345678",
                 "transactionDesc":"Bill","originatorConversationId":"%s","amount":%s,"customerNames":"Mary Atieno",
                 "countryCode":"KE","currencyCode":"KES","callbackURL":"%s/twins/bill","isExpressPay":false,
                 "paymentMethod":"WALLET","shortCode":"%s","byPassCustomerValidation":false,"saveBillerNumber":false}"""
                .formatted(ocid, amount, outside.baseUrl(), shortCode);
    }

    public ResponseEntity<JsonNode> send(String clientToken, String path, String body) {
        return http.post().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + clientToken)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    public JsonNode read(String clientToken, String path) {
        return accepted(http.get().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + clientToken).retrieve()
                .toEntity(JsonNode.class));
    }

    public static JsonNode accepted(ResponseEntity<JsonNode> response) {
        return accepted(response, 200);
    }

    public static JsonNode accepted(ResponseEntity<JsonNode> response, int status) {
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(status);
        return response.getBody();
    }

    public static String systemConversationId(ResponseEntity<JsonNode> response) {
        return accepted(response).get("message").get("systemConversationId").asString();
    }

    public static String checkoutId(ResponseEntity<JsonNode> response) {
        return accepted(response).get("message").get("checkoutId").asString();
    }

    /** The record once its status is no longer the pending one. */
    public static Optional<JsonNode> answered(JsonNode record, String field, String pending) {
        return pending.equals(record.get(field).asString()) ? Optional.empty() : Optional.of(record);
    }

    /** Polls in real time (workflow time does not move meanwhile) until there is something, at most 30 s. */
    public static <T> T await(Supplier<Optional<T>> poll) {
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
