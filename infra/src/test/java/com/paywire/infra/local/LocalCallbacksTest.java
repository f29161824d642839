package com.paywire.infra.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.infra.support.LoopbackReceiver;
import com.paywire.infra.support.LoopbackReceiver.Received;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sandbox's callbacks reach a receiver on this machine: the platform started exactly as the README's run
 * command starts it, and a plain HTTP receiver on 127.0.0.1, as a developer would run one.
 */
class LocalCallbacksTest {

    private static final String CALLBACK_SECRET = "sandbox-callback-secret";
    private static final String SIGNING_SECRET = "loopback-webhook-secret-0123";
    private static final String CARDS = "/apps/graph/api/v1/cards";
    private static final String ORIGIN = "https://shop.example";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Compares amounts by value and scale as written, whatever double would make of them. */
    private static final JsonMapper DECIMALS = JsonMapper.builder()
            .enable(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    static LoopbackReceiver receiver;
    static RestClient http;
    static String token;

    @BeforeAll
    static void start() {
        receiver = LoopbackReceiver.start();
        http = RunningLocalStack.http();
        token = RunningLocalStack.sandboxToken(http);
    }

    @AfterAll
    static void stop() {
        receiver.close();
    }

    private static String receiverUrl(String path) {
        return receiver.url(path);
    }

    private static Received awaitOn(String path) throws InterruptedException {
        return receiver.awaitOn(path);
    }

    @Test
    void givenAnExpressDepositWithALoopbackCallBackUrl_theStkCallbackShouldArriveSigned() throws Exception {
        String ocid = "loopback-" + UUID.randomUUID();
        ResponseEntity<JsonNode> accepted = post("/v1/express-deposit", Map.of("ShortCode", "174379", "Amount", "10",
                "PhoneNumber", "254712345678", "OriginatorConversationId", ocid,
                "CallBackUrl", receiverUrl("/deposits")));
        assertThat(accepted.getStatusCode().value()).isEqualTo(200);

        Received callback = awaitOn("/deposits");

        JsonNode stk = JSON.readTree(callback.body()).get("Body").get("StkCallback");
        assertThat(stk.get("OriginatorConversationId").asString()).isEqualTo(ocid);
        assertThat(stk.get("ResultCode").asInt()).isZero();
        assertThat(signatureMatches(callback, CALLBACK_SECRET)).isTrue();
    }

    @Test
    void givenAWebhookOnALoopbackUrl_aCardAuthorisationShouldBeDeliveredToItSigned() throws Exception {
        ResponseEntity<JsonNode> webhook = post(CARDS + "/webhooks", Map.of("Url", receiverUrl("/webhooks"),
                "Events", java.util.List.of("payment.authorised"), "SigningSecret", SIGNING_SECRET));
        assertThat(webhook.getStatusCode().value()).isEqualTo(201);
        String context = post(CARDS + "/capture-context", Map.of("TargetOrigins", java.util.List.of(ORIGIN)))
                .getBody().get("CaptureContext").asString();
        String transientToken = http.post().uri(CARDS + "/transient-tokens").header(HttpHeaders.ORIGIN, ORIGIN)
                .contentType(MediaType.APPLICATION_JSON).body(Map.of("CaptureContext", context,
                        "Number", "4111111111111111", "ExpiryMonth", "12", "ExpiryYear", "2031", "SecurityCode", "123"))
                .retrieve().body(JsonNode.class).get("TransientToken").asString();
        ResponseEntity<JsonNode> authorised = post(CARDS + "/payment/authorise", Map.of("Transaction",
                Map.of("Amount", "15.00", "Currency", "USD", "TransientToken", transientToken,
                        "RequestId", "loopback-" + UUID.randomUUID())));
        assertThat(authorised.getStatusCode().value()).isEqualTo(201);

        Received delivery = awaitOn("/webhooks");

        JsonNode event = JSON.readTree(delivery.body());
        assertThat(event.get("Type").asString()).isEqualTo("payment.authorised");
        assertThat(event.get("Data").toString()).contains(authorised.getBody().get("AuthorisationId").asString());
        assertThat(signatureMatches(delivery, SIGNING_SECRET)).isTrue();
    }

    @Test
    void givenAWebhookForPayoutEvents_eachLineShouldBeToldItsOutcomeWithTheRecordCheckStatusAnswers_thenTheOrder()
            throws Exception {
        ResponseEntity<JsonNode> webhook = post(CARDS + "/webhooks", Map.of("Url", receiverUrl("/payouts"),
                "Events", java.util.List.of("payout.completed", "payout.failed", "payment_order.processed"),
                "SigningSecret", SIGNING_SECRET));
        assertThat(webhook.getStatusCode().value()).isEqualTo(201);
        String ocid = "payout-events-" + UUID.randomUUID();
        String stan = UUID.randomUUID().toString();
        ResponseEntity<JsonNode> accepted = post("/v1/payment-order/new-order", JSON.readTree("""
                {"originatorConversationId":"%s","paymentOrderLines":[{
                  "remitter":{"name":"Acme Ltd"},
                  "recipient":{"name":"Jane Doe","mccmnc":"63902","primaryAccountNumber":"+254712345678","ccy":404,"country":"KE"},
                  "transaction":{"routeId":"4a3e1249-51a2-4c57-8b74-166d7f689460","ChannelType":1,"amount":150.00,
                   "reference":"events","systemTraceAuditNumber":"%s"}}]}""".formatted(ocid, stan)));
        assertThat(accepted.getStatusCode().value()).isEqualTo(200);

        Received lineEvent = awaitOn("/payouts");
        Received orderEvent = awaitOn("/payouts");

        JsonNode line = JSON.readTree(lineEvent.body());
        assertThat(line.get("Type").asString()).isEqualTo("payout.completed");
        assertThat(signatureMatches(lineEvent, SIGNING_SECRET)).isTrue();
        JsonNode status = http.get().uri("/v1/payment-order/check-status?IdType=OriginatorConversationId&Id=" + ocid)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        assertThat(DECIMALS.readTree(line.get("Data").toString()))
                .isEqualTo(DECIMALS.readTree(status.get("orderLines").get(0).toString()));
        JsonNode order = JSON.readTree(orderEvent.body());
        assertThat(order.get("Type").asString()).isEqualTo("payment_order.processed");
        assertThat(order.get("Data").get("originatorConversationId").asString()).isEqualTo(ocid);
        assertThat(order.get("Data").get("isProcessed").asBoolean()).isTrue();
    }

    private static boolean signatureMatches(Received received, String secret) {
        return LoopbackReceiver.signedWith(received, secret);
    }

    private static ResponseEntity<JsonNode> post(String path, Object body) {
        return http.post().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }
}
