package com.paywire.infra.notifications;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.TimeSkippingSystemTest;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.DeliveryStatus;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.notifications.EventCommand;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * The delivery engine end to end: webhooks registered through the real API, events published by a workflow,
 * delivery workflows and activities posting over HTTP to a WireMock receiver, and Temporal's time-skipping
 * test environment standing in for the Temporal service so the two-hour ladder passes in milliseconds.
 */
class NotificationsSystemTest extends TimeSkippingSystemTest {

    static final String SECRET = "whsec_test_0123456789abcdef";
    static final WireMockServer receiver = TimeSkippingPlatform.OUTSIDE;

    @Autowired
    EventStore events;

    @BeforeEach
    void setUp() {
        // each test subscribes its own receiver: earlier tests' endpoints must not share its events
        http.get().uri("/apps/graph/api/v1/cards/webhooks").header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .retrieve().body(JsonNode.class).get("Webhooks").forEach(hook -> http.delete()
                        .uri("/apps/graph/api/v1/cards/webhooks/" + hook.get("WebhookId").asString())
                        .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toBodilessEntity());
    }

    @Test
    void givenAReceiverThatAlwaysFails_itShouldBeRetriedOnTheExactLadder_andTheEndpointBecomeInactive() {
        String path = "/hooks/" + UUID.randomUUID();
        receiver.stubFor(post(urlPathEqualTo(path)).willReturn(aResponse().withStatus(500)));
        String webhookId = register(path, "payment.captured");

        String eventId = publishAndAwait(event("payment.captured", "pay-" + UUID.randomUUID()));

        JsonNode delivery = eventDetail(eventId).get("Deliveries").get(0);
        assertThat(delivery.get("Status").asString()).isEqualTo("FAILED");
        List<Instant> times = new ArrayList<>();
        delivery.get("Attempts").forEach(a -> {
            times.add(Instant.parse(a.get("AttemptedAt").asString()));
            assertThat(a.get("StatusCode").asInt()).isEqualTo(500);
        });
        assertThat(times).hasSize(6);
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < times.size(); i++) {
            gaps.add(Duration.between(times.get(i - 1), times.get(i)).toSeconds());
        }
        assertThat(gaps).containsExactly(30L, 120L, 600L, 1800L, 7200L);
        receiver.verify(6, postRequestedFor(urlPathEqualTo(path)));
        assertThat(webhook(webhookId).get("Status").asString()).isEqualTo("INACTIVE");

        // no delivery to an INACTIVE endpoint
        String missed = publishAndAwait(event("payment.captured", "pay-" + UUID.randomUUID()));
        assertThat(eventDetail(missed).get("Deliveries").get(0).get("Status").asString()).isEqualTo("SUSPENDED");
        receiver.verify(6, postRequestedFor(urlPathEqualTo(path)));

        // reactivated, it gets what it missed, oldest first
        receiver.stubFor(post(urlPathEqualTo(path)).willReturn(aResponse().withStatus(204)));
        ResponseEntity<JsonNode> activated = http.post().uri("/apps/graph/api/v1/cards/webhooks/" + webhookId + "/activate")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        assertThat(activated.getBody().get("Status").asString()).isEqualTo("ACTIVE");
        awaitDeliveries(missed, 2);
        List<String> redelivered = receivedEventIds(path).subList(6, 8);
        assertThat(redelivered).containsExactly(eventId, missed);
    }

    @Test
    void givenAReceiverThatAnswersAfterSixSeconds_itShouldCountAsAFailure_andTheRetryComeThirtySecondsAfterTheStart() {
        String path = "/hooks/" + UUID.randomUUID();
        receiver.stubFor(post(urlPathEqualTo(path)).inScenario("slow").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(200).withFixedDelay(6000)).willSetStateTo("awake"));
        receiver.stubFor(post(urlPathEqualTo(path)).inScenario("slow").whenScenarioStateIs("awake")
                .willReturn(aResponse().withStatus(200)));
        register(path, "payment.authorised");

        String eventId = publishAndAwait(event("payment.authorised", null));

        JsonNode attempts = eventDetail(eventId).get("Deliveries").get(0).get("Attempts");
        assertThat(attempts).hasSize(2);
        assertThat(attempts.get(0).get("StatusCode").isNull()).isTrue();
        assertThat(attempts.get(0).get("Error").asString()).isEqualTo("timed out after 5 s");
        assertThat(attempts.get(0).get("LatencyMs").asInt()).isBetween(4900, 6000);
        assertThat(attempts.get(1).get("StatusCode").asInt()).isEqualTo(200);
        assertThat(Duration.between(Instant.parse(attempts.get(0).get("AttemptedAt").asString()),
                Instant.parse(attempts.get(1).get("AttemptedAt").asString())).toSeconds()).isEqualTo(30);
    }

    @Test
    void givenAReceiverThatRefusesConnections_eachAttemptShouldSaySoInPlainWords_andNoAnswerNameAClassOfOurs()
            throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        String webhookId = register("http://127.0.0.1:" + closedPort + "/hooks", "payment.voided");

        String eventId = publishAndAwait(event("payment.voided", null));

        JsonNode detail = eventDetail(eventId);
        JsonNode attempts = detail.get("Deliveries").get(0).get("Attempts");
        assertThat(attempts).hasSize(6);
        attempts.forEach(attempt -> assertThat(attempt.get("Error").asString()).isEqualTo("connection refused"));
        String events = http.get().uri("/apps/graph/api/v1/cards/events")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(String.class);
        for (String visible : List.of(detail.toString(), events, webhook(webhookId).toString())) {
            assertThat(visible).doesNotContain("java.", "javax.", "tools.jackson", "com.paywire", "Exception", "\tat ");
        }
    }

    @Test
    void givenADelivery_itShouldCarryTheDocumentedBody_andASignatureAnIndependentVerifierAccepts() throws Exception {
        String path = "/hooks/" + UUID.randomUUID();
        receiver.stubFor(post(urlPathEqualTo(path)).willReturn(aResponse().withStatus(200)));
        register(path, "payment.voided");

        String eventId = publishAndAwait(event("payment.voided", null));

        LoggedRequest request = receiver.findAll(postRequestedFor(urlPathEqualTo(path))).getFirst();
        String body = request.getBodyAsString();
        JsonNode payload = json.readTree(body);
        assertThat(new ArrayList<>(payload.propertyNames())).containsExactly("Id", "Type", "CreatedAt", "Data");
        assertThat(payload.get("Id").asString()).isEqualTo(eventId);
        assertThat(payload.get("Type").asString()).isEqualTo("payment.voided");
        assertThat(payload.get("Data").get("AuthorisationId").asString()).isEqualTo("auth-1");
        assertThat(request.getHeader("Paywire-Event-Id")).isEqualTo(eventId);

        // verified the way a merchant would: parse t and v1, recompute, compare
        Map<String, String> parts = new java.util.HashMap<>();
        for (String part : request.getHeader("Paywire-Signature").split(",")) {
            parts.put(part.substring(0, part.indexOf('=')), part.substring(part.indexOf('=') + 1));
        }
        long t = Long.parseLong(parts.get("t"));
        assertThat(Math.abs(Instant.now().getEpochSecond() - t)).isLessThan(300);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String expected = HexFormat.of().formatHex(mac.doFinal((t + "." + body).getBytes(StandardCharsets.UTF_8)));
        assertThat(parts.get("v1")).isEqualTo(expected);
        mac.init(new SecretKeySpec("some-other-secret-entirely".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        assertThat(parts.get("v1")).isNotEqualTo(HexFormat.of().formatHex(mac.doFinal((t + "." + body).getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void givenTwoEventsOfOnePayment_theSecondShouldWaitUntilTheFirstIsDelivered() {
        String path = "/hooks/" + UUID.randomUUID();
        receiver.stubFor(post(urlPathEqualTo(path)).inScenario("first fails once").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(503)).willSetStateTo("recovered"));
        receiver.stubFor(post(urlPathEqualTo(path)).inScenario("first fails once").whenScenarioStateIs("recovered")
                .willReturn(aResponse().withStatus(200)));
        register(path, "payment.authorised", "payment.captured");
        String payment = "pay-" + UUID.randomUUID();
        EventCommand authorised = event("payment.authorised", payment);
        EventCommand captured = event("payment.captured", payment);

        publish(List.of(authorised, captured));
        awaitDeliveries(captured.eventId(), 1);

        assertThat(receivedEventIds(path)).containsExactly(authorised.eventId(), authorised.eventId(), captured.eventId());
    }

    @Test
    void givenACallbackUrl_itShouldReceiveTheDataAsTheBody_signedWithTheClientsCallbackSecret() throws Exception {
        String path = "/callbacks/" + UUID.randomUUID();
        receiver.stubFor(post(urlPathEqualTo(path)).willReturn(aResponse().withStatus(200).withBody("{}")));
        EventCommand callback = new EventCommand(UUID.randomUUID().toString(), "paywire-sandbox", "callback.test", null,
                "{\"Body\":{\"StkCallback\":{\"ResultCode\":0}}}", receiver.baseUrl() + path, System.currentTimeMillis());

        publishAndAwait(callback);

        LoggedRequest request = receiver.findAll(postRequestedFor(urlPathEqualTo(path))).getFirst();
        assertThat(json.readTree(request.getBodyAsString()).get("Body").get("StkCallback").get("ResultCode").asInt()).isZero();
        String[] parts = request.getHeader("Paywire-Signature").split(",");
        String t = parts[0].substring(2);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec("sandbox-callback-secret".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        assertThat(parts[1].substring(3)).isEqualTo(HexFormat.of().formatHex(
                mac.doFinal((t + "." + request.getBodyAsString()).getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void givenARedeliveryRequest_theEventShouldBeDeliveredAgain() {
        String path = "/hooks/" + UUID.randomUUID();
        receiver.stubFor(post(urlPathEqualTo(path)).willReturn(aResponse().withStatus(200)));
        register(path, "fraud.rejected");
        String eventId = publishAndAwait(event("fraud.rejected", null));

        ResponseEntity<JsonNode> redelivery = http.post().uri("/apps/graph/api/v1/cards/events/" + eventId + "/redeliver")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        assertThat(redelivery.getStatusCode().value()).isEqualTo(202);
        awaitDeliveries(eventId, 2);

        assertThat(receivedEventIds(path)).containsExactly(eventId, eventId);
        JsonNode listed = http.get().uri("/apps/graph/api/v1/cards/events?Type=fraud.rejected")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        // not necessarily the newest: card workflows sharing this context publish fraud.rejected at time-skipped times
        List<String> listedIds = new ArrayList<>();
        listed.get("Events").forEach(e -> listedIds.add(e.get("Id").asString()));
        assertThat(listedIds).contains(eventId);
    }

    @Test
    void givenWebhookRegistrations_theyShouldBeValidated_listedWithoutSecrets_andDeletable() {
        ResponseEntity<JsonNode> bad = http.post().uri("/apps/graph/api/v1/cards/webhooks")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body("{\"Url\":\"ftp://x\",\"Events\":[\"payment.captured\",\"payment.teleported\"]}")
                .retrieve().toEntity(JsonNode.class);
        assertThat(bad.getStatusCode().value()).isEqualTo(400);
        List<String> fields = new ArrayList<>();
        bad.getBody().get("errors").forEach(e -> fields.add(e.get("field").asString()));
        assertThat(fields).containsExactly("SigningSecret");

        ResponseEntity<JsonNode> badValues = http.post().uri("/apps/graph/api/v1/cards/webhooks")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body("{\"Url\":\"ftp://x\",\"Events\":[\"payment.captured\",\"payment.teleported\"],\"SigningSecret\":\"" + SECRET + "\"}")
                .retrieve().toEntity(JsonNode.class);
        fields.clear();
        badValues.getBody().get("errors").forEach(e -> fields.add(e.get("field").asString()));
        assertThat(fields).containsExactly("Events[1]", "Url");

        String id = register("/hooks/listed", "payment.captured");
        JsonNode listed = http.get().uri("/apps/graph/api/v1/cards/webhooks")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        assertThat(listed.toString()).contains(id).doesNotContain(SECRET).doesNotContain("SigningSecret");

        assertThat(http.delete().uri("/apps/graph/api/v1/cards/webhooks/" + id)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toBodilessEntity()
                .getStatusCode().value()).isEqualTo(204);
        assertThat(http.get().uri("/apps/graph/api/v1/cards/webhooks")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class).toString())
                .doesNotContain(id);
    }

    /** @param target a path on the WireMock receiver, or a whole URL */
    private String register(String target, String... eventTypes) {
        String url = target.startsWith("http") ? target : receiver.baseUrl() + target;
        ResponseEntity<JsonNode> response = http.post().uri("/apps/graph/api/v1/cards/webhooks")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("Url", url, "Events", List.of(eventTypes),
                        "Description", "test receiver", "SigningSecret", SECRET))
                .retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(201);
        assertThat(new ArrayList<>(response.getBody().propertyNames()))
                .containsExactly("WebhookId", "Url", "Events", "Description", "Status", "CreatedAt");
        assertThat(response.getBody().get("Status").asString()).isEqualTo("ACTIVE");
        return response.getBody().get("WebhookId").asString();
    }

    private static EventCommand event(String type, String orderingKey) {
        return new EventCommand(UUID.randomUUID().toString(), "paywire-sandbox", type, orderingKey,
                "{\"AuthorisationId\":\"auth-1\",\"Amount\":\"10.00\",\"Currency\":\"KES\"}", null,
                System.currentTimeMillis());
    }

    private void publish(List<EventCommand> batch) {
        String workflowId = "publisher:" + UUID.randomUUID();
        PublishingWorkflow publisher = env.getWorkflowClient().newWorkflowStub(PublishingWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.NOTIFICATIONS).setWorkflowId(workflowId).build());
        WorkflowClient.start(publisher::publish, batch);
        resultOf(workflowId, Void.class);
    }

    /** Publishes, then waits (skipping time) until every delivery of the event is settled. */
    private String publishAndAwait(EventCommand event) {
        publish(List.of(event));
        awaitDeliveries(event.eventId(), events.deliveriesOf(UUID.fromString(event.eventId())).size());
        return event.eventId();
    }

    /** Waits, skipping time, for the delivery workflows of an event until at least {@code count} have settled. */
    private void awaitDeliveries(String eventId, int count) {
        List<Delivery> deliveries = events.deliveriesOf(UUID.fromString(eventId));
        assertThat(deliveries).hasSizeGreaterThanOrEqualTo(count);
        for (Delivery delivery : deliveries) {
            if (delivery.status() == DeliveryStatus.PENDING) {
                resultOf(WorkflowIds.delivery(delivery.clientId(), delivery.id().toString()), Object.class);
            }
        }
    }

    private JsonNode eventDetail(String eventId) {
        return http.get().uri("/apps/graph/api/v1/cards/events/" + eventId)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
    }

    private JsonNode webhook(String webhookId) {
        JsonNode list = http.get().uri("/apps/graph/api/v1/cards/webhooks")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        for (JsonNode hook : list.get("Webhooks")) {
            if (hook.get("WebhookId").asString().equals(webhookId)) {
                return hook;
            }
        }
        throw new AssertionError("no webhook " + webhookId);
    }

    private List<String> receivedEventIds(String path) {
        return receiver.findAll(postRequestedFor(urlPathEqualTo(path))).stream()
                .sorted(Comparator.comparing(LoggedRequest::getLoggedDate))
                .map(r -> r.getHeader("Paywire-Event-Id")).toList();
    }
}
