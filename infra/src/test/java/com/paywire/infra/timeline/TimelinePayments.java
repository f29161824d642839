package com.paywire.infra.timeline;

import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.paywire.infra.support.ClientRequests.await;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.paywire.domain.checkout.BillTo;
import com.paywire.domain.checkout.HostedCheckout;
import com.paywire.infra.support.PayerCards;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One payment of each product, made through the API as a client makes it, and the rails' answers, for the
 * timeline's tests: what each returns is the id the client quotes.
 */
final class TimelinePayments {

    static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    static final String KYC_ROUTE = "7084d9cf-08ba-491b-ab39-de9db5ee59d2";
    static final String CHECKOUT_ROUTE = "9701cd4f-98b8-423c-829e-28c6dc337e18";
    static final String SANDBOX_SHORT_CODE = "174379";

    private final RestClient http;
    private final JsonMapper json;
    private final JdbcClient jdbc;
    private final WireMockServer outside;
    private final String token;

    TimelinePayments(RestClient http, JsonMapper json, JdbcClient jdbc, WireMockServer outside, String token) {
        this.http = http;
        this.json = json;
        this.jdbc = jdbc;
        this.outside = outside;
        this.token = token;
    }

    /** A payment order of one line to this wallet; its originatorConversationId and the line's stan. */
    List<String> payout(String token, String wallet, String amount) {
        String ocid = UUID.randomUUID().toString();
        String stan = UUID.randomUUID().toString();
        accepted(post(token, "/v1/payment-order/new-order", """
                {"originatorConversationId":"%s","paymentOrderLines":[{
                  "recipient":{"name":"Jane Doe","mccmnc":"63902","primaryAccountNumber":"%s","ccy":404,"country":"KE"},
                  "transaction":{"routeId":"%s","ChannelType":1,"amount":%s,"reference":"timeline",
                   "systemTraceAuditNumber":"%s"}}]}""".formatted(ocid, wallet, MOBILE_ROUTE, amount, stan)));
        return List.of(ocid, stan);
    }

    /** The mobile-money rail calls back: the payout to this wallet was paid (code 0) or not. */
    void payoutAnswered(String wallet, String code, String description) {
        String reference = await(() -> outside.findAll(postRequestedFor(urlPathEqualTo("/mobile-money/b2c/payments")))
                .stream().map(r -> json.readTree(r.getBodyAsString()))
                .filter(body -> wallet.equals(body.get("msisdn").asString())).findFirst())
                .get("reference").asString();
        railCallback("/rails/mobile-money/b2c-result", """
                {"reference":"%s","transactionId":"MM-7","resultCode":"%s","resultDescription":"%s",
                 "receiptNumber":"R-%s","recipientName":"Jane Doe","walletBalance":"5000.00",
                 "completedAt":"2026-11-21T10:00:00Z"}""".formatted(reference, code, description, code));
    }

    /** An express deposit from this phone; its originatorConversationId and Paywire's id. */
    List<String> deposit(String phone, String amount, String callbackPath) {
        String ocid = UUID.randomUUID().toString();
        JsonNode accepted = accepted(post(token, "/v1/express-deposit", """
                {"ShortCode":"%s","Amount":"%s","PhoneNumber":"%s","TransactionDesc":"Timeline",
                 "OriginatorConversationId":"%s","CallBackUrl":"%s%s","Type":0,"Currency":"KES"}"""
                .formatted(SANDBOX_SHORT_CODE, amount, phone, ocid, outside.baseUrl(), callbackPath)));
        return List.of(ocid, accepted.get("message").get("systemConversationId").asString());
    }

    /** The payer's answer to the prompt of this deposit, once the rail was asked to prompt. */
    void promptAnswered(String depositId, String code, String description) {
        await(() -> outside.findAll(postRequestedFor(urlPathEqualTo("/mobile-money/stk-push"))).stream()
                .filter(r -> depositId.equals(json.readTree(r.getBodyAsString()).get("reference").asString()))
                .findFirst());
        railCallback("/rails/mobile-money/stk-result", """
                {"reference":"%s","merchantRequestId":"MR-9","checkoutRequestId":"ws_CO_9","resultCode":"%s",
                 "resultDesc":"%s","receiptNumber":"QKT4RT61SV","transactionDate":"20261120101010"}"""
                .formatted(depositId, code, description));
    }

    /** A checkout order of one item; its originatorConversationId and checkoutId. */
    List<String> checkout(String price, String callbackPath) {
        String ocid = UUID.randomUUID().toString();
        JsonNode accepted = accepted(post(token, "/v1/checkout-order/new-order", """
                {"originatorConversationId":"%s","checkoutRouteId":"%s","checkoutRouteChannelType":1,
                 "checkoutCurrencyCode":404,"checkoutCurrencyName":"KES","checkoutDueDate":"%s",
                 "checkoutReturnUrl":"https://shop.example/return","checkoutCancelUrl":"https://shop.example/cancel",
                 "checkoutCallbackUrl":"%s%s","checkoutRequestLines":[{"sku":"S","name":"Item","price":%s}]}"""
                .formatted(ocid, CHECKOUT_ROUTE, OffsetDateTime.now().plusHours(1).truncatedTo(ChronoUnit.SECONDS),
                        outside.baseUrl(), callbackPath, price)));
        return List.of(ocid, accepted.get("message").get("checkoutId").asString());
    }

    /** The payer pays the checkout from this phone and answers the prompt; the attempt's deposit id. */
    String payCheckoutByPhone(HostedCheckout checkout, String checkoutId, String phone) {
        checkout.payByMobileMoney(checkoutId, new BillTo("John", "Otieno", null, null, null, null, null, null, null),
                phone);
        UUID attempt = await(() -> jdbc.sql("select id from express_deposits where checkout_id = ?")
                .param(UUID.fromString(checkoutId)).query(UUID.class).optional());
        promptAnswered(attempt.toString(), "0", "The service request is processed successfully.");
        return attempt.toString();
    }

    /** A card payment in KES authorised, captured and partly refunded; its RequestId, AuthorisationId, CaptureId. */
    List<String> cardPaymentCapturedAndRefunded(String amount, String captured, String refunded) {
        String requestId = "order-" + UUID.randomUUID();
        String transientToken = PayerCards.tokenise(http, json, token, "4111111111111111");
        JsonNode authorised = accepted(post(token, PayerCards.CARDS + "/payment/authorise", json.writeValueAsString(
                Map.of("Transaction", Map.of("Amount", amount, "Currency", "KES", "TransientToken", transientToken,
                                "RequestId", requestId),
                        "BillingAddress", Map.of("FirstName", "Jane", "LastName", "Doe", "Country", "KE")))), 201);
        String authorisationId = authorised.get("AuthorisationId").asString();
        String captureId = accepted(post(token, PayerCards.CARDS + "/payment/capture", json.writeValueAsString(
                Map.of("AuthorisationId", authorisationId, "Amount", captured, "RequestId", "cap-" + requestId))), 201)
                .get("CaptureId").asString();
        accepted(post(token, PayerCards.CARDS + "/payment/refund", json.writeValueAsString(
                Map.of("CaptureId", captureId, "Amount", refunded, "RequestId", "ref-" + requestId))), 201);
        return List.of(requestId, authorisationId, captureId);
    }

    /** A KYC request of this national id; its stan. */
    String kyc(String nationalId, String callbackPath) {
        String stan = UUID.randomUUID().toString();
        accepted(post(token, "/v1/kyc-request/validate", """
                {"routeId":"%s","kycRequestFirstName":"John","kycRequestLastName":"Mwangi","kycRequestNationalID":"%s",
                 "CustomerAccountSerialNo":"S-1","kycRequestReportReason":1,"systemTraceAuditNumber":"%s",
                 "country":"KE","ccy":404,"kycRequestCallBackURL":"%s%s"}"""
                .formatted(KYC_ROUTE, nationalId, stan, outside.baseUrl(), callbackPath)));
        return stan;
    }

    /** An airtime purchase for one number; its originatorConversationId. */
    String airtime(String phone, String amount, String callbackPath) {
        String ocid = UUID.randomUUID().toString();
        accepted(post(token, "/v1/airtime-purchase", json.writeValueAsString(Map.of("originatorConversationId", ocid,
                "callbackURL", outside.baseUrl() + callbackPath, "recipients", List.of(Map.of("currencyCode", "KES",
                        "phoneNumber", phone, "amount", new BigDecimal(amount), "name", "Recipient"))))));
        return ocid;
    }

    /** A bill payment to a GOtv account; its originatorConversationId. */
    String billPayment(String amount, String callbackPath) {
        String ocid = UUID.randomUUID().toString();
        accepted(post(token, "/v1/bill-payments", """
                {"transactionType":2,"serviceCode":"KE-GOTV","accountNumber":"7010000001","msisdn":"254712345678",
                 "transactionDesc":"Bill","originatorConversationId":"%s","amount":%s,"customerNames":"Mary Atieno",
                 "countryCode":"KE","currencyCode":"KES","callbackURL":"%s%s","isExpressPay":false,
                 "paymentMethod":"WALLET","shortCode":"%s","byPassCustomerValidation":false,"saveBillerNumber":false}"""
                .formatted(ocid, amount, outside.baseUrl(), callbackPath, SANDBOX_SHORT_CODE)));
        return ocid;
    }

    /**
     * The payer pays the sandbox client's paybill from this phone and the rail confirms it (no validation asked);
     * its receipt.
     */
    String paybillDeposit(String accountNo, String amount, String phone) {
        String receipt = "T" + UUID.randomUUID().toString().replace("-", "").substring(0, 9).toUpperCase();
        ResponseEntity<JsonNode> answer = http.post().uri("/rails/mobile-money/c2b/confirmation")
                .header("X-Rail-Secret", "sandbox-mobile-money-secret").contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"TransactionType":"Pay Bill","TransID":"%s","TransTime":"20261127101500","TransAmount":"%s",
                         "BusinessShortCode":"%s","BillRefNumber":"%s","MSISDN":"%s","FirstName":"Jane"}"""
                        .formatted(receipt, amount, SANDBOX_SHORT_CODE, accountNo, phone))
                .retrieve().toEntity(JsonNode.class);
        assertThat(accepted(answer).get("ResultCode").asInt()).as("%s", answer.getBody()).isZero();
        return receipt;
    }

    /** A webhook endpoint of the sandbox client at this path, for these event types; its id. */
    String webhook(String path, String... eventTypes) {
        return accepted(post(token, PayerCards.CARDS + "/webhooks", json.writeValueAsString(Map.of("Url",
                outside.baseUrl() + path, "Events", List.of(eventTypes), "SigningSecret",
                "whsec_timeline_0123456789abcdef"))), 201).get("WebhookId").asString();
    }

    private void railCallback(String path, String body) {
        ResponseEntity<JsonNode> response = http.post().uri(path).header("X-Rail-Secret", "sandbox-mobile-money-secret")
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(200);
        assertThat(response.getBody().get("matched").asBoolean()).as("the callback reached a workflow").isTrue();
    }

    private ResponseEntity<JsonNode> post(String token, String path, String body) {
        return http.post().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    static JsonNode accepted(ResponseEntity<JsonNode> response) {
        return accepted(response, 200);
    }

    static JsonNode accepted(ResponseEntity<JsonNode> response, int status) {
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(status);
        return response.getBody();
    }
}
