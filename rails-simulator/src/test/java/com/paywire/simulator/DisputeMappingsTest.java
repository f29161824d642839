package com.paywire.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The dispute test card (docs/sandbox.md#cards): its capture is disputed 3 s later at the callback URL the capture
 * named; evidence saying winning_evidence is won 2 s after it is sent, any other lost; an acceptance is taken.
 */
class DisputeMappingsTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static RailsSimulator simulator;
    private static CallbackReceiver receiver;

    @BeforeAll
    static void start() throws Exception {
        receiver = new CallbackReceiver();
        simulator = RailsSimulator.start(0);
    }

    @AfterAll
    static void stop() {
        simulator.close();
        receiver.close();
    }

    @Test
    void theDisputeCardsCaptureShouldBeDisputed_threeSecondsLater_forItsWholeAmount() throws Exception {
        receiver.reset();
        HttpResponse<String> vaulted = post("/card-processor/instruments",
                "{\"number\":\"4000000000000259\",\"expiryMonth\":\"12\",\"expiryYear\":\"2030\",\"securityCode\":\"123\"}");
        String instrument = field(vaulted.body(), "instrumentId");
        HttpResponse<String> authorised = post("/card-processor/payments", "{\"reference\":\"auth_1\",\"instrumentId\":\""
                + instrument + "\",\"amount\":\"12.34\",\"currency\":\"USD\"}");
        String payment = field(authorised.body(), "id");
        long sent = System.nanoTime();
        HttpResponse<String> captured = post("/card-processor/payments/" + payment + "/captures",
                "{\"reference\":\"cap_1\",\"amount\":\"12.34\",\"disputeCallbackUrl\":\"" + receiver.url() + "\"}");

        assertThat(captured.statusCode()).isEqualTo(201);
        CallbackReceiver.Callback dispute = receiver.next();
        assertThat(TimeUnit.NANOSECONDS.toMillis(dispute.receivedAt() - sent)).isBetween(3000L, 4500L);
        assertThat(dispute.railSecret()).isEqualTo("sandbox-card-processor-secret");
        String body = dispute.body();
        assertThat(field(body, "id")).startsWith("dp_");
        assertThat(field(body, "captureId")).isEqualTo(field(captured.body(), "id"));
        assertThat(field(body, "amount")).isEqualTo("12.34");
        assertThat(field(body, "currency")).isEqualTo("USD");
        assertThat(field(body, "status")).isEqualTo("NEEDS_RESPONSE");
        assertThat(Duration.between(Instant.now(), Instant.parse(field(body, "evidenceDueBy"))))
                .isBetween(Duration.ofMinutes(4), Duration.ofMinutes(5));
    }

    @Test
    void winningEvidenceShouldBeWon_andAnyOtherLost_twoSecondsLater() throws Exception {
        receiver.reset();
        post("/card-processor/disputes/dp_w/evidence", "{\"id\":\"dp_w\",\"explanation\":\"winning_evidence here\","
                + "\"callbackUrl\":\"" + receiver.url() + "\"}");
        String won = receiver.next().body();
        post("/card-processor/disputes/dp_l/evidence", "{\"id\":\"dp_l\",\"explanation\":\"losing_evidence\","
                + "\"callbackUrl\":\"" + receiver.url() + "\"}");
        String lost = receiver.next().body();

        assertThat(field(won, "id")).isEqualTo("dp_w");
        assertThat(field(won, "status")).isEqualTo("WON");
        assertThat(field(lost, "id")).isEqualTo("dp_l");
        assertThat(field(lost, "status")).isEqualTo("LOST");
        assertThat(post("/card-processor/disputes/dp_a/accept", "{}").statusCode()).isEqualTo(200);
    }

    /** A top-level string field of a flat JSON body. */
    private static String field(String json, String name) {
        Matcher value = Pattern.compile("\"" + name + "\":\"([^\"]*)\"").matcher(json);
        assertThat(value.find()).as(name + " in " + json).isTrue();
        return value.group(1);
    }

    private static HttpResponse<String> post(String path, String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(simulator.baseUrl() + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
