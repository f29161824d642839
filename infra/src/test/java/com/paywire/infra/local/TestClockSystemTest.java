package com.paywire.infra.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.paywire.infra.support.ApiHttp;
import com.paywire.infra.support.TimeSkippingPlatform;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * The test clock on a local stack of its own, started as {@code ./paywire} starts it, with its defaults (a payout's
 * rail has 2 minutes to answer) but airtime's rail window, and Temporal's dev service on its own port: what each
 * test sees happen within seconds would take minutes or hours of real time without an advance. Its own stack, because every advance moves
 * the whole stack's time, and the shared one's tests count on real time.
 */
class TestClockSystemTest {

    /** How long a test waits, in real time, for what an advance sets off. */
    static final Duration WITHIN = Duration.ofSeconds(20);
    static final String CHECKOUT_ROUTE = "9701cd4f-98b8-423c-829e-28c6dc337e18";
    /**
     * A top-up's network is asked once, not for the default 2 minutes: the rail that answers late then holds the
     * clock for one attempt of 5 s, and no test after it.
     */
    static final String AIRTIME_RAIL_WINDOW = "6s";

    static LocalStack stack;
    static RestClient http;
    static String token;

    @BeforeAll
    static void start() {
        stack = new LocalStack();
        stack.start(new LocalStackSettings(null, freePort(), null, null, 0), "--server.port=0",
                "--paywire.worker.management-port=0", "--paywire.airtime.rail-window=" + AIRTIME_RAIL_WINDOW);
        http = ApiHttp.client(stack.apiBaseUrl());
        token = RunningLocalStack.sandboxToken(stack, http);
    }

    @AfterAll
    static void stop() {
        stack.close();
    }

    @Test
    void givenAPayoutToTheSilentWallet_anAdvancePastItsAnswerWindow_shouldTimeItOutWithinSeconds() {
        String ocid = "clock-" + UUID.randomUUID();
        submit(PayoutsEndToEndTest.order(ocid, PayoutsEndToEndTest.mobile("+254711000004", "300")));
        await(() -> payout(ocid), line -> line.get("transactionStatus").asInt() == 2, "Processing");
        JsonNode clockBefore = get("/v1/sandbox/clock");
        Duration aheadBefore = advancedBy(clockBefore);

        long begun = System.nanoTime();
        JsonNode advanced = post("/v1/sandbox/clock/advance", "{\"by\":\"PT2M30S\"}");
        JsonNode line = await(() -> payout(ocid), l -> l.get("transactionStatus").asInt() == 8, "Timed Out");
        Duration took = Duration.ofNanos(System.nanoTime() - begun);

        assertThat(line.get("resultCode").asString()).isEqualTo("-1");
        assertThat(took).as("real time").isLessThan(WITHIN);
        JsonNode clock = get("/v1/sandbox/clock");
        assertThat(advancedBy(clock)).as("the advance less the real time it took")
                .isEqualTo(advancedBy(advanced))
                .isBetween(aheadBefore.plusSeconds(150).minus(took), aheadBefore.plusSeconds(150));
        assertThat(OffsetDateTime.parse(clock.get("now").asString()).toInstant())
                .isCloseTo(Instant.now().plus(advancedBy(clock)), within(1, ChronoUnit.SECONDS));
        // a Timed Out line keeps its hold (the rail may still pay): the hold's own time is the platform's
        Instant platformBefore = OffsetDateTime.parse(clockBefore.get("now").asString()).toInstant();
        assertThat(stepTime(ocid, "held")).as("the ledger keeps the platform's time")
                .isBetween(platformBefore.minus(WITHIN), platformBefore.plusSeconds(1));
    }

    @Test
    void givenAWebhookEndpointThatNeverAnswers_anAdvanceThroughItsRetryLadder_shouldMakeItInactive() {
        ResponseEntity<JsonNode> registered = http.post().uri("/apps/graph/api/v1/cards/webhooks")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"Url":"http://127.0.0.1:%d/hooks","Events":["payout.completed"],"Description":"away",
                         "SigningSecret":"0123456789abcdef0123"}""".formatted(freePort()))
                .retrieve().toEntity(JsonNode.class);
        assertThat(registered.getStatusCode().value()).as("%s", registered.getBody()).isEqualTo(201);
        String webhookId = registered.getBody().get("WebhookId").asString();
        String ocid = "clock-" + UUID.randomUUID();
        submit(PayoutsEndToEndTest.order(ocid, PayoutsEndToEndTest.mobile("+254712345678", "100")));
        String stan = orderLine(ocid).get("transaction").get("systemTraceAuditNumber").asString();
        await(() -> delivery(stan), d -> d.get("Attempts").size() == 1, "the first attempt, refused");

        long begun = System.nanoTime();
        post("/v1/sandbox/clock/advance", "{\"by\":\"PT3H\"}"); // the ladder: 2 h 42 min 30 s
        JsonNode endpoint = await(() -> webhook(webhookId), w -> w.get("Status").asString().equals("INACTIVE"),
                "INACTIVE");

        assertThat(Duration.ofNanos(System.nanoTime() - begun)).as("real time").isLessThan(WITHIN);
        assertThat(endpoint.get("Url").asString()).endsWith("/hooks");
        JsonNode delivery = delivery(stan);
        assertThat(delivery.get("Status").asString()).isEqualTo("FAILED");
        assertThat(delivery.get("Attempts")).hasSize(6)
                .allSatisfy(attempt -> assertThat(attempt.get("Error").asString()).isEqualTo("connection refused"));
    }

    /**
     * A top-up the airtime rail answers only after 10 s holds the dev service's time while Paywire waits for it (5 s):
     * the advance answers within seconds, naming the purchase as its client's, and gets there once that is done.
     */
    @Test
    void givenAnActivityInFlightHoldingTheClock_anAdvanceShouldAnswerWithinSeconds_namingIt_andThenGetThere() {
        String ocid = UUID.randomUUID().toString();
        post("/v1/airtime-purchase", """
                {"originatorConversationId":"%s","callbackURL":"http://127.0.0.1:%d/airtime",
                 "recipients":[{"currencyCode":"KES","phoneNumber":"254700000508","amount":100,"name":"Slow"}]}"""
                .formatted(ocid, freePort()));

        long begun = System.nanoTime();
        ResponseEntity<JsonNode> accepted = http.post().uri("/v1/sandbox/clock/advance")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body("{\"by\":\"PT10S\"}").retrieve().toEntity(JsonNode.class);
        Duration answered = Duration.ofNanos(System.nanoTime() - begun);

        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(202);
        assertThat(answered).as("real time to answer").isLessThan(Duration.ofSeconds(6));
        assertThat(accepted.getHeaders().getLocation()).hasToString("/v1/sandbox/clock");
        JsonNode advance = accepted.getBody().get("advance");
        assertThat(advance.get("heldBy")).as("%s", advance)
                .anySatisfy(held -> {
                    assertThat(held.get("kind").asString()).isEqualTo("airtime");
                    assertThat(held.get("id").asString()).isEqualTo(ocid);
                });
        assertThat(advance.get("message").asString()).containsAnyOf("in flight, yours", "of them yours")
                .contains("The advance finishes once that work is done");
        Instant to = OffsetDateTime.parse(advance.get("to").asString()).toInstant();

        JsonNode there = await(() -> get("/v1/sandbox/clock"), clock -> !clock.has("advance"), "got there");
        assertThat(Duration.ofNanos(System.nanoTime() - begun)).as("real time to get there").isLessThan(WITHIN);
        assertThat(OffsetDateTime.parse(there.get("now").asString()).toInstant()).isAfterOrEqualTo(to);
    }

    /** The order's due time is read on the platform's clock, an hour ahead of the wall clock's here. */
    @Test
    void givenACheckoutOrderDueIn10Minutes_anAdvanceOf11Minutes_shouldExpireIt() {
        OffsetDateTime platformNow = OffsetDateTime.parse(post("/v1/sandbox/clock/advance", "{\"by\":\"PT1H\"}")
                .get("now").asString());
        String ocid = UUID.randomUUID().toString();
        JsonNode created = post("/v1/checkout-order/new-order", """
                {"originatorConversationId":"%s","checkoutReference":"INV-7","checkoutRouteId":"%s",
                 "checkoutRouteChannelType":158,"checkoutCurrencyCode":404,"checkoutCurrencyName":"KES",
                 "checkoutDueDate":"%s","checkoutReturnUrl":"https://shop.example/return",
                 "checkoutCancelUrl":"https://shop.example/cancel","checkoutCallbackUrl":"http://127.0.0.1:%d/checkout",
                 "checkoutRequestLines":[{"sku":"MUG-1","name":"Blue mug","price":1000.00}]}"""
                .formatted(ocid, CHECKOUT_ROUTE, platformNow.plusMinutes(10).truncatedTo(ChronoUnit.SECONDS),
                        freePort()));
        String page = "/checkout/" + created.get("message").get("checkoutId").asString();
        assertThat(checkoutStatus(ocid)).as("payable").isNotEqualTo(5);

        long begun = System.nanoTime();
        post("/v1/sandbox/clock/advance", "{\"by\":\"PT11M\"}");
        await(() -> get("/v1/checkout-order/check-status?IdType=1&Id=" + ocid),
                order -> order.get("checkoutOutcome").get("status").asInt() == 5, "Expired");

        assertThat(Duration.ofNanos(System.nanoTime() - begun)).as("real time").isLessThan(WITHIN);
        assertThat(http.get().uri(page).retrieve().body(String.class)).contains("<h1>Order expired</h1>");
    }

    /** Credentials keep real time: the revocation that a rotation without grace makes is not in the platform's future. */
    @Test
    void givenTheClockAhead_aSecretRotatedWithoutGrace_shouldLeaveTokensOfTheNewSecretWorking() {
        post("/v1/sandbox/clock/advance", "{\"by\":\"PT1H\"}");
        String operator = TimeSkippingPlatform.token(http,
                stack.apiEnvironment().getProperty("paywire.operator.client-id"),
                stack.apiEnvironment().getProperty("paywire.operator.client-secret"));
        JsonNode created = send(operator, "/v1/admin/clients", "{\"name\":\"Clock shop\"}", 201);
        String clientId = created.get("clientId").asString();

        JsonNode rotated = send(operator, "/v1/admin/clients/" + clientId + "/secret", "{\"graceSeconds\":0}", 200);
        String fresh = TimeSkippingPlatform.token(http, clientId, rotated.get("clientSecret").asString());

        ResponseEntity<JsonNode> answer = http.get().uri("/v1/sandbox/clock")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + fresh).retrieve().toEntity(JsonNode.class);
        assertThat(answer.getStatusCode().value()).as("%s", answer.getBody()).isEqualTo(200);
    }

    private JsonNode payout(String ocid) {
        return orderLine(ocid).get("transactionOutcome");
    }

    private JsonNode orderLine(String ocid) {
        return get("/v1/payment-order/check-status?IdType=OriginatorConversationId&Id=" + ocid).get("orderLines").get(0);
    }

    private int checkoutStatus(String ocid) {
        return get("/v1/checkout-order/check-status?IdType=1&Id=" + ocid).get("checkoutOutcome").get("status").asInt();
    }

    /** The delivery of the line's payout.completed event to the webhook endpoint, once there is one. */
    private JsonNode delivery(String stan) {
        for (JsonNode event : get("/apps/graph/api/v1/cards/events?Type=payout.completed&Limit=100").get("Events")) {
            if (event.get("Data").toString().contains(stan)) {
                JsonNode deliveries = get("/apps/graph/api/v1/cards/events/" + event.get("Id").asString())
                        .get("Deliveries");
                return deliveries.isEmpty() ? null : deliveries.get(0);
            }
        }
        return null;
    }

    private JsonNode webhook(String webhookId) {
        return StreamSupport.stream(get("/apps/graph/api/v1/cards/webhooks").get("Webhooks").spliterator(), false)
                .filter(w -> w.get("WebhookId").asString().equals(webhookId)).findFirst().orElseThrow();
    }

    /** When the payment's timeline says a step whose words begin so happened. */
    private Instant stepTime(String ocid, String words) {
        return StreamSupport.stream(get("/v1/payments/timeline?id=" + ocid).get("steps").spliterator(), false)
                .filter(step -> step.get("words").asString().startsWith(words))
                .map(step -> Instant.parse(step.get("time").asString())).findFirst()
                .orElseThrow(() -> new AssertionError("no step '" + words + "' in the timeline of " + ocid));
    }

    private static Duration advancedBy(JsonNode clock) {
        return Duration.parse(clock.get("advancedBy").asString());
    }

    /** Polls in real time until the answer is there, for at most {@link #WITHIN}. */
    private static JsonNode await(Supplier<JsonNode> read, Predicate<JsonNode> there, String what) {
        Instant giveUp = Instant.now().plus(WITHIN);
        JsonNode last = null;
        while (Instant.now().isBefore(giveUp)) {
            last = read.get();
            if (last != null && there.test(last)) {
                return last;
            }
            TimeSkippingPlatform.pause(200);
        }
        throw new AssertionError("not " + what + " within " + WITHIN + " of real time: " + last);
    }

    private static void submit(String order) {
        post("/v1/payment-order/new-order", order);
    }

    private static JsonNode get(String uri) {
        ResponseEntity<JsonNode> answer = http.get().uri(uri).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .retrieve().toEntity(JsonNode.class);
        assertThat(answer.getStatusCode().value()).as("GET %s: %s", uri, answer.getBody()).isEqualTo(200);
        return answer.getBody();
    }

    private static JsonNode post(String uri, String body) {
        return send(token, uri, body, 200);
    }

    private static JsonNode send(String bearer, String uri, String body, int status) {
        ResponseEntity<JsonNode> answer = http.post().uri(uri).header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
        assertThat(answer.getStatusCode().value()).as("POST %s: %s", uri, answer.getBody()).isEqualTo(status);
        return answer.getBody();
    }

    /** A port nothing listens on: a connection to it is refused at once. */
    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
