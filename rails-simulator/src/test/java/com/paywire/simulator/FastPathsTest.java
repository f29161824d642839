package com.paywire.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.LinkedHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * The busy mappings answer through {@link FastTemplating} and {@link RailCallbacks}: what they send must be what
 * WireMock's own templating and webhook sent for the same mapping text (run beside them here, on a plain WireMock),
 * field for field, random and dated values in the same form, the callbacks after the same delays; and the
 * callbacks reuse their connections.
 */
class FastPathsTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    /** The values that differ from one request to the next, and the form each must have. */
    private static final Map<String, Pattern> VARYING = Map.of(
            "transactionId", Pattern.compile("MM\\d{12}"),
            "receiptNumber", Pattern.compile("[A-Z0-9]{10}"),
            "completedAt", Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"),
            "transactionDate", Pattern.compile("\\d{14}"));

    private static RailsSimulator simulator;
    private static WireMockServer templated;
    private static CallbackReceiver receiver;

    @BeforeAll
    static void start() throws IOException {
        receiver = new CallbackReceiver();
        simulator = RailsSimulator.start(0);
        templated = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort()
                .disableRequestJournal());
        templated.start();
        for (var mapping : new PathMatchingResourcePatternResolver()
                .getResources("classpath*:rails-simulator/mappings/*.json")) {
            String text = mapping.getContentAsString(StandardCharsets.UTF_8)
                    .replace("\"" + FastTemplating.NAME + "\"", "\"response-template\"")
                    .replace("\"" + RailCallbacks.NAME + "\"", "\"webhook\"");
            templated.addStubMapping(StubMapping.buildFrom(text));
        }
    }

    @AfterAll
    static void stop() {
        simulator.close();
        templated.stop();
        receiver.close();
    }

    @Test
    void instantPayoutAnswersAndCallsBackAsTheTemplatesDid() throws Exception {
        String request = payout("+254799000000");
        assertSameExchange("/mobile-money/b2c/payments", request, 202, 0);
    }

    @Test
    void payoutToAnyOtherWalletAnswersAndCallsBackAfterOneAndAHalfSeconds() throws Exception {
        assertSameExchange("/mobile-money/b2c/payments", payout("+254700123456"), 202, 1500);
    }

    @Test
    void promptToAnyOtherPhoneAnswersAndCallsBackAfterTwoSeconds() throws Exception {
        String request = """
                {"reference":"%s","msisdn":"254700123456","amount":"150.00","shortCode":"600000",
                 "accountReference":"PW123","callbackUrl":"%s"}""".formatted(reference(), receiver.url());
        assertSameExchange("/mobile-money/stk-push", request, 200, 2000);
    }

    @Test
    void callbacksReuseKeptAliveConnections() throws Exception {
        receiver.reset();
        int callbacks = 6;
        for (int i = 0; i < callbacks; i++) {
            send(simulator.baseUrl(), "/mobile-money/b2c/payments", payout("+254799000000"));
            receiver.next();
            Thread.sleep(100); // the client puts the connection back in its pool once it read the answer
        }
        // the pool may hold more than one idle connection, and a busy machine may open another: never one each
        assertThat(receiver.connectionsOpened()).isLessThan(callbacks);
    }

    private void assertSameExchange(String path, String request, int status, long delayMillis) throws Exception {
        receiver.reset();
        HttpResponse<String> reference = send(templated.baseUrl(), path, request);
        CallbackReceiver.Callback referenceCallback = receiver.next();
        long sent = System.nanoTime();
        HttpResponse<String> fast = send(simulator.baseUrl(), path, request);
        CallbackReceiver.Callback fastCallback = receiver.next();
        long calledBackAfter = TimeUnit.NANOSECONDS.toMillis(fastCallback.receivedAt() - sent);

        assertThat(fast.statusCode()).isEqualTo(reference.statusCode()).isEqualTo(status);
        assertThat(fast.headers().firstValue("Content-Type")).isEqualTo(reference.headers().firstValue("Content-Type"));
        assertSameFields(fast.body(), reference.body());
        assertThat(fastCallback.method()).isEqualTo("POST");
        assertThat(fastCallback.contentType()).isEqualTo(referenceCallback.contentType());
        assertThat(fastCallback.railSecret()).isEqualTo(referenceCallback.railSecret())
                .isEqualTo("sandbox-mobile-money-secret");
        assertSameFields(fastCallback.body(), referenceCallback.body());
        assertThat(calledBackAfter).isBetween(delayMillis, delayMillis + 1000);
    }

    private static void assertSameFields(String fast, String reference) {
        Map<String, String> fastFields = fields(fast);
        Map<String, String> referenceFields = fields(reference);
        assertThat(fastFields.keySet()).containsExactlyElementsOf(referenceFields.keySet());
        referenceFields.forEach((name, value) -> {
            String fastValue = fastFields.get(name);
            if (!fastValue.equals(value)) {
                Pattern form = VARYING.get(name);
                assertThat(form).as(name + " is " + fastValue + ", not " + value).isNotNull();
                assertThat(value).as(name).matches(form);
                assertThat(fastValue).as(name).matches(form);
            }
        });
        assertThat(fast).startsWith("{\"").endsWith("}").doesNotContain(" ,").doesNotContain("{{");
    }

    /** The body's top-level fields in the order they come, null as "null". */
    private static Map<String, String> fields(String json) {
        Map<String, String> fields = new LinkedHashMap<>();
        try (JsonParser parser = new JsonFactory().createParser(ObjectReadContext.empty(), json)) {
            assertThat(parser.nextToken()).isEqualTo(JsonToken.START_OBJECT);
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                parser.nextToken();
                fields.put(name, parser.currentToken() == JsonToken.VALUE_NULL ? "null" : parser.getString());
            }
        }
        return fields;
    }

    private static HttpResponse<String> send(String base, String path, String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String payout(String msisdn) {
        return """
                {"reference":"%s","msisdn":"%s","amount":"150.00","currency":"KES","callbackUrl":"%s"}"""
                .formatted(reference(), msisdn, receiver.url());
    }

    private static String reference() {
        return "PW" + Long.toString(System.nanoTime(), 36).toUpperCase();
    }
}
