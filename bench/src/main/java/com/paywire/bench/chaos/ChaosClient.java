package com.paywire.bench.chaos;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Paywire's API as a careful client calls it: a request that got no answer, or a 5xx, is sent again with the same
 * identifiers until it gets one; a refusal after such a retry is checked against the status query, since it may
 * only say that the first try was taken. Tokens are fetched again when the API refuses them.
 */
final class ChaosClient {

    /** How long a client keeps retrying one request (the API may be restarting). */
    static final Duration PERSISTENCE = Duration.ofMinutes(3);
    private static final String JSON = "application/json";
    private static final String FORM = "application/x-www-form-urlencoded";
    private static final String RAIL_SECRET_HEADER = "X-Rail-Secret";
    /** The mobile-money rail's callback secret the local profile publishes (PAYWIRE_MOBILE_MONEY_CALLBACK_SECRET). */
    private static final String RAIL_SECRET = "sandbox-mobile-money-secret";
    /** The card processor's callback secret the local profile publishes (PAYWIRE_CARD_PROCESSOR_CALLBACK_SECRET). */
    private static final String CARD_PROCESSOR_SECRET = "sandbox-card-processor-secret";

    record Answer(int status, JsonNode body, String raw) {
        boolean ok() {
            return status / 100 == 2;
        }

        String text(String field) {
            JsonNode value = body == null ? null : body.findValue(field);
            return value == null || value.isNull() ? null : value.asString();
        }
    }

    /** Whether the API has the request (a status query answered 200). */
    interface Lookup {
        boolean exists() throws InterruptedException;
    }

    /** The outcome of a submission: accepted (on the first answer or after checking), or refused with its answer. */
    record Submission(boolean accepted, int retries, Answer answer) {
    }

    private final String api;
    private final String clientId;
    private final String clientSecret;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final JsonMapper json = JsonMapper.builder().build();
    private volatile String token;
    final AtomicInteger retries = new AtomicInteger();
    final Map<Integer, AtomicInteger> retriedStatuses = new ConcurrentHashMap<>();

    ChaosClient(String api) {
        this(api, "paywire-sandbox", "sandbox-secret");
    }

    /** A client of the API with other credentials: the operator's ({@code paywire-operator}), for example. */
    ChaosClient(String api, String clientId, String clientSecret) {
        this.api = api;
        this.clientId = clientId;
        this.clientSecret = clientSecret;
    }

    /**
     * POSTs a document of {@code contentType} (a bank statement: XML or text) as the client, again every second for
     * up to {@link #PERSISTENCE}, until it is answered with anything but a 5xx, a refused token or a 202 (the
     * statement still being applied: posted again for its answer); the last answer, or null.
     */
    Answer postDocument(String path, String body, String contentType) throws InterruptedException {
        long deadline = System.nanoTime() + PERSISTENCE.toNanos();
        while (true) {
            Answer answer = call("POST", path, body, null, contentType);
            if (answer != null && answer.status() < 500 && answer.status() != 401 && answer.status() != 202) {
                return answer;
            }
            if (System.nanoTime() > deadline) {
                return answer;
            }
            retries.incrementAndGet();
            retriedStatuses.computeIfAbsent(answer == null ? 0 : answer.status(), s -> new AtomicInteger()).incrementAndGet();
            Thread.sleep(1000);
        }
    }

    /** POSTs until answered; a 4xx after a retry counts as accepted when {@code exists} finds the request. */
    Submission submit(String path, String body, Lookup exists) throws InterruptedException {
        return untilTaken(path, body, null, Answer::ok, exists);
    }

    /**
     * POSTs, again every second for up to {@link #PERSISTENCE}, until {@code taken} says the answer took the request;
     * as the client ({@code caller} null, a 4xx after a retry then checked with {@code exists}) or with
     * {@code caller}'s headers, which retry whatever the answer.
     */
    private Submission untilTaken(String path, String body, Map<String, String> caller, Predicate<Answer> taken,
                                  Lookup exists) throws InterruptedException {
        int attempt = 0;
        long deadline = System.nanoTime() + PERSISTENCE.toNanos();
        while (true) {
            Answer answer = call("POST", path, body, caller, JSON);
            if (answer != null && taken.test(answer)) {
                return new Submission(true, attempt, answer);
            }
            if (caller == null && answer != null && answer.status() / 100 == 4 && answer.status() != 401
                    && answer.status() != 429) {
                boolean acceptedBefore = attempt > 0 && exists.exists();
                return new Submission(acceptedBefore, attempt, answer);
            }
            if (System.nanoTime() > deadline) {
                return new Submission(false, attempt, answer);
            }
            attempt++;
            retries.incrementAndGet();
            retriedStatuses.computeIfAbsent(answer == null ? 0 : answer.status(), s -> new AtomicInteger()).incrementAndGet();
            Thread.sleep(1000);
        }
    }

    /** GETs until answered with anything but a 5xx or a refused token. */
    Answer get(String path) throws InterruptedException {
        return untilAnswered("GET", path, null, null, JSON);
    }

    /** PUTs as the client, until answered with anything but a 5xx or a refused token. */
    Answer put(String path, String body) throws InterruptedException {
        return untilAnswered("PUT", path, body, null, JSON);
    }

    /** POSTs as the payer's browser does: without the client's token, from {@code origin}; until answered. */
    Answer postAsBrowser(String path, String origin, String body) throws InterruptedException {
        return untilAnswered("POST", path, body, Map.of("Origin", origin), JSON);
    }

    /** POSTs a form as the payer's browser does from a page of Paywire's own (a hosted page); until answered. */
    Answer postForm(String path, String form) throws InterruptedException {
        return untilAnswered("POST", path, form, Map.of("Origin", api), FORM);
    }

    /** POSTs once as the mobile-money rail does (its shared secret, no token); null when the API did not answer. */
    Answer postAsRail(String path, String body) throws InterruptedException {
        return call("POST", path, body, Map.of(RAIL_SECRET_HEADER, RAIL_SECRET), JSON);
    }

    /** POSTs once as the card processor does (its shared secret, no token); null when the API did not answer. */
    Answer notifyAsProcessor(String path, String body) throws InterruptedException {
        return call("POST", path, body, Map.of(RAIL_SECRET_HEADER, CARD_PROCESSOR_SECRET), JSON);
    }

    /**
     * POSTs as the mobile-money rail sends a confirmation: again every second, for up to {@link #PERSISTENCE}, until
     * the API answers 200 with {@code ResultCode} 0 (the rail's sign that its confirmation was taken).
     */
    Submission confirmAsRail(String path, String body) throws InterruptedException {
        return untilTaken(path, body, Map.of(RAIL_SECRET_HEADER, RAIL_SECRET),
                answer -> answer.ok() && "0".equals(answer.text("ResultCode")), null);
    }

    private Answer untilAnswered(String method, String path, String body, Map<String, String> caller,
                                 String contentType) throws InterruptedException {
        long deadline = System.nanoTime() + PERSISTENCE.toNanos();
        while (true) {
            Answer answer = call(method, path, body, caller, contentType);
            if (answer != null && answer.status() < 500 && !(answer.status() == 401 && caller == null)) {
                return answer;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(method + " " + path + " unanswered for " + PERSISTENCE);
            }
            Thread.sleep(1000);
        }
    }

    /**
     * One exchange, as the client with its token, or (with {@code caller}'s headers: the payer's browser's origin,
     * the rail's secret) without one; null when the API did not answer.
     */
    private Answer call(String method, String path, String body, Map<String, String> caller, String contentType)
            throws InterruptedException {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(api + path)).timeout(Duration.ofSeconds(30))
                    .header("Content-Type", contentType)
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofString(body));
            if (caller != null) {
                caller.forEach(request::header);
            } else {
                if (token == null) {
                    token = fetchToken();
                }
                request.header("Authorization", "Bearer " + token);
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 401 && caller == null) {
                token = null; // the API was restarted, or the token expired
            }
            return new Answer(response.statusCode(), parse(response.body()), response.body());
        } catch (IOException e) {
            return null;
        }
    }

    private String fetchToken() throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(api + "/connect/token"))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "grant_type=client_credentials&client_id=" + clientId + "&client_secret=" + clientSecret))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("token: HTTP " + response.statusCode());
        }
        return json.readTree(response.body()).get("access_token").asString();
    }

    private JsonNode parse(String body) {
        try {
            return body == null || body.isBlank() ? null : json.readTree(body);
        } catch (RuntimeException notJson) {
            return null;
        }
    }
}
