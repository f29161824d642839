package com.paywire.infra.observability;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.paywire.domain.observability.PaywireMeters;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.TimeSkippingSystemTest;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.DeliveryStatus;
import com.paywire.workflows.WorkflowIds;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.search.Search;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * What an operator sees of a payout: the business metrics it moves (accepted, finished and how long it took, the rail
 * calls, the holds, its webhook's delivery) and its log lines, each naming the client, the client's id of the line and
 * Paywire's, from the API, the line's activities and the delivery's workflow alike.
 */
@ExtendWith(OutputCaptureExtension.class)
class PayoutObservabilitySystemTest extends TimeSkippingSystemTest {

    static final WireMockServer outside = TimeSkippingPlatform.OUTSIDE;
    static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    static final String PAYOUTS = "/mobile-money/b2c/payments";
    /** How long the holds gauge keeps a figure (HoldsOutstanding.FRESH_FOR), and a little more. */
    static final java.time.Duration HOLDS_FIGURE_KEPT = java.time.Duration.ofSeconds(11);

    @Autowired
    MeterRegistry meters;
    @Autowired
    EventStore events;

    @BeforeAll
    static void theRail() {
        outside.stubFor(post(urlPathEqualTo(PAYOUTS)).willReturn(aResponse().withStatus(202)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"transactionId\":\"MM-1\",\"responseCode\":\"0\",\"responseDescription\":\"Accepted\"}")));
        outside.stubFor(get(urlPathMatching(PAYOUTS + "/.+")).willReturn(okJson("{\"status\":\"PENDING\"}")));
    }

    @Test
    void givenAPayoutThatCompletes_itsMetricsShouldMove_andEachLogLineAboutItShouldNameIt(CapturedOutput output) {
        // the webhook's receiver fails once, so that the delivery's workflow and activity log about the payout too
        String hook = "/hooks/" + UUID.randomUUID();
        outside.stubFor(post(urlPathEqualTo(hook)).inScenario(hook).whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(500)).willSetStateTo("up"));
        outside.stubFor(post(urlPathEqualTo(hook)).inScenario(hook).whenScenarioStateIs("up")
                .willReturn(aResponse().withStatus(204)));
        registerWebhook(hook, "payout.completed");
        Map<String, Double> before = figures();
        String stan = UUID.randomUUID().toString();

        ResponseEntity<JsonNode> accepted = send("/v1/payment-order/new-order", payout(UUID.randomUUID().toString(),
                stan, "+254712000303", "100"));
        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(200);
        String reference = sentReference();
        assertThat(heldAfterItsFigureIsRead()).as("held while the rail pays").isGreaterThan(before.get("holds"));
        railCallback(reference);
        assertThat(resultOf(WorkflowIds.payoutLine("paywire-sandbox", stan), String.class)).isEqualTo("COMPLETED");
        awaitDeliveryOf("payout.completed:", reference);

        Map<String, Double> after = figures();
        assertThat(after.get("accepted") - before.get("accepted")).isEqualTo(1.0);
        assertThat(after.get("completed") - before.get("completed")).isEqualTo(1.0);
        assertThat(after.get("timed") - before.get("timed")).isEqualTo(1.0);
        assertThat(after.get("railAnswered") - before.get("railAnswered")).isGreaterThanOrEqualTo(1.0);
        assertThat(after.get("attemptsFailed") - before.get("attemptsFailed")).isEqualTo(1.0);
        assertThat(after.get("attemptsDelivered") - before.get("attemptsDelivered")).isEqualTo(1.0);
        assertThat(after.get("delivered") - before.get("delivered")).isEqualTo(1.0);

        String ids = "[paywire-sandbox|" + stan + "|" + reference + "] ";
        List<String> aboutThePayout = lines(output, stan);
        assertThat(aboutThePayout).as("every line that names the stan names the payment")
                .allSatisfy(line -> assertThat(line).contains(ids));
        assertThat(aboutThePayout).filteredOn(line -> line.contains("Payout accepted: 100.00 KES by MOBILE_MONEY"))
                .singleElement().asString().contains(" INFO ");
        assertThat(aboutThePayout).filteredOn(line -> line.contains("Payout completed")).singleElement()
                .asString().contains(" INFO ").contains("after it was accepted: Completed, result code 0");
        assertThat(aboutThePayout).as("the delivery's activity").anyMatch(line ->
                line.contains("NotificationActivitiesImpl") && line.contains("attempt 1: answered HTTP 500"));
        assertThat(aboutThePayout).as("the delivery's workflow (Workflow.getLogger)").anyMatch(line ->
                line.contains("DeliveryWorkflowImpl") && line.contains("attempt 1 failed"));
    }

    @Test
    void givenAWebhookThatNeverAnswers_itsDeliveryShouldFailAfterEveryRetry_andTheFailureBeCounted() {
        String hook = "/hooks/" + UUID.randomUUID();
        outside.stubFor(post(urlPathEqualTo(hook)).willReturn(aResponse().withStatus(503)));
        registerWebhook(hook, "payout.completed");
        double failedBefore = finishedDeliveries("failed");
        String stan = UUID.randomUUID().toString();

        send("/v1/payment-order/new-order", payout(UUID.randomUUID().toString(), stan, "+254712000404", "50"));
        String reference = sentReference("+254712000404");
        railCallback(reference);
        resultOf(WorkflowIds.payoutLine("paywire-sandbox", stan), String.class);
        awaitDeliveryOf("payout.completed:", reference);

        assertThat(finishedDeliveries("failed") - failedBefore).isEqualTo(1.0);
    }

    @Test
    void givenADuplicateOrder_theRefusalShouldBeLoggedInOneLineAtInfo(CapturedOutput output) {
        String ocid = UUID.randomUUID().toString();
        send("/v1/payment-order/new-order", payout(ocid, UUID.randomUUID().toString(), "+254712000505", "10"));
        int before = output.getAll().length();

        ResponseEntity<JsonNode> duplicate = send("/v1/payment-order/new-order", payout(ocid,
                UUID.randomUUID().toString(), "+254712000505", "10"));

        assertThat(duplicate.getStatusCode().value()).isEqualTo(400);
        String logged = output.getAll().substring(before);
        assertThat(logged.lines().filter(line -> line.contains(ocid))).singleElement().asString()
                .contains(" INFO ").contains("Refused POST /v1/payment-order/new-order with 400")
                .contains("is a duplicate");
        assertThat(logged).doesNotContain("\tat ");
    }

    private Map<String, Double> figures() {
        return Map.of("accepted", count(meters.find(PaywireMeters.PAYMENTS_ACCEPTED).tags(PaywireMeters.PRODUCT,
                        "PAYOUT", PaywireMeters.RAIL, "MOBILE_MONEY")),
                "completed", count(meters.find(PaywireMeters.PAYMENTS_FINISHED).tags(PaywireMeters.PRODUCT, "PAYOUT",
                        PaywireMeters.OUTCOME, "completed")),
                "timed", (double) meters.find(PaywireMeters.PAYMENT_ACCEPT_TO_FINAL).tags(PaywireMeters.PRODUCT,
                        "PAYOUT", PaywireMeters.OUTCOME, "completed").timers().stream().mapToLong(t -> t.count()).sum(),
                "railAnswered", (double) meters.find(PaywireMeters.RAIL_CALLS).tags(PaywireMeters.RAIL, "MOBILE_MONEY",
                        PaywireMeters.OUTCOME, "answered").timers().stream().mapToLong(t -> t.count()).sum(),
                "attemptsFailed", count(meters.find(PaywireMeters.DELIVERY_ATTEMPTS).tags(PaywireMeters.KIND, "webhook",
                        PaywireMeters.OUTCOME, "failed")),
                "attemptsDelivered", count(meters.find(PaywireMeters.DELIVERY_ATTEMPTS).tags(PaywireMeters.KIND,
                        "webhook", PaywireMeters.OUTCOME, "delivered")),
                "delivered", finishedDeliveries("delivered"),
                "holds", meters.get(PaywireMeters.HOLDS_OUTSTANDING).gauge().value());
    }

    /** The holds gauge once its figure is read again (it keeps one for a few seconds). */
    private double heldAfterItsFigureIsRead() {
        TimeSkippingPlatform.pause(HOLDS_FIGURE_KEPT.toMillis());
        return meters.get(PaywireMeters.HOLDS_OUTSTANDING).gauge().value();
    }

    private double finishedDeliveries(String outcome) {
        return count(meters.find(PaywireMeters.DELIVERIES_FINISHED).tags(PaywireMeters.KIND, "webhook",
                PaywireMeters.OUTCOME, outcome));
    }

    private static double count(Search search) {
        return search.counters().stream().mapToDouble(c -> c.count()).sum();
    }

    private static List<String> lines(CapturedOutput output, String containing) {
        return output.getAll().lines().filter(line -> line.contains(containing)).toList();
    }

    /** Waits, skipping time, for the delivery of the line's event to end. */
    private void awaitDeliveryOf(String eventIdPrefix, String reference) {
        String eventId = UUID.nameUUIDFromBytes((eventIdPrefix + reference).getBytes(
                java.nio.charset.StandardCharsets.UTF_8)).toString();
        for (Delivery delivery : events.deliveriesOf(UUID.fromString(eventId))) {
            if (delivery.status() == DeliveryStatus.PENDING) {
                resultOf(WorkflowIds.delivery(delivery.clientId(), delivery.id().toString()), Object.class);
            }
        }
    }

    private String sentReference() {
        return sentReference("+254712000303");
    }

    /** The reference the rail was sent the payout to this wallet under. */
    private String sentReference(String wallet) {
        long giveUp = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < giveUp) {
            var sent = outside.findAll(postRequestedFor(urlPathEqualTo(PAYOUTS))).stream()
                    .map(LoggedRequest::getBodyAsString).map(json::readTree)
                    .filter(body -> wallet.equals(body.get("msisdn").asString())).findFirst();
            if (sent.isPresent()) {
                return sent.get().get("reference").asString();
            }
            TimeSkippingPlatform.pause(50);
        }
        throw new AssertionError("the rail was never sent the payout to " + wallet);
    }

    private void railCallback(String reference) {
        ResponseEntity<JsonNode> response = http.post().uri("/rails/mobile-money/b2c-result")
                .header("X-Rail-Secret", "sandbox-mobile-money-secret").contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"reference":"%s","transactionId":"MM-1","resultCode":"0","resultDescription":"Processed",
                         "receiptNumber":"R-1","recipientName":"Jane Doe","walletBalance":"5000.00",
                         "completedAt":"2026-11-21T10:00:00Z"}""".formatted(reference))
                .retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(200);
    }

    private void registerWebhook(String path, String... eventTypes) {
        ResponseEntity<JsonNode> response = http.post().uri("/apps/graph/api/v1/cards/webhooks")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("Url", outside.baseUrl() + path, "Events", Stream.of(eventTypes).toList(),
                        "Description", "observability", "SigningSecret", "observability-signing-secret"))
                .retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(201);
    }

    private ResponseEntity<JsonNode> send(String path, String body) {
        return http.post().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    private static String payout(String ocid, String stan, String wallet, String amount) {
        return """
                {"originatorConversationId":"%s","paymentOrderLines":[{
                  "recipient":{"name":"Jane Doe","mccmnc":"63902","primaryAccountNumber":"%s","ccy":404,"country":"KE"},
                  "transaction":{"routeId":"%s","ChannelType":1,"amount":%s,"reference":"observability",
                   "systemTraceAuditNumber":"%s"}}]}""".formatted(ocid, wallet, MOBILE_ROUTE, amount, stan);
    }
}
