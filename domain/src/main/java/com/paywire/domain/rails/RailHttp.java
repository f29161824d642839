package com.paywire.domain.rails;

import com.paywire.domain.observability.PaywireMeters;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What every rail adapter does the same way: send, read JSON, turn transport trouble into a retry, and time each
 * call by its outcome ({@link PaywireMeters#RAIL_CALLS}).
 */
public final class RailHttp {

    public static final JsonMapper JSON = JsonMapper.builder().build();
    /** A call's outcome as the rail-calls timer tags it. */
    static final String ANSWERED = "answered";
    static final String REFUSED = "refused";
    static final String ERROR = "error";
    static final String UNREACHABLE = "unreachable";

    private final String rail;
    private final HttpClient http;
    private final Duration readTimeout;
    private final MeterRegistry meters;

    /**
     * @param rail        how failures and the rail-calls timer name the rail
     * @param readTimeout how long to wait for an answer; a rail slower than this is retried
     */
    public RailHttp(String rail, Duration connectTimeout, Duration readTimeout, MeterRegistry meters) {
        this.rail = rail;
        this.http = HttpClient.newBuilder().connectTimeout(connectTimeout).build();
        this.readTimeout = readTimeout;
        this.meters = meters;
    }

    /**
     * Posts {@code body} as JSON.
     *
     * @param idempotencyKey what the rail deduplicates the call by; null for a call that moves nothing
     */
    public HttpResponse<String> post(URI uri, String idempotencyKey, Object body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(readTimeout)
                .header("Content-Type", "application/json");
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        return exchange(request.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build());
    }

    public HttpResponse<String> get(URI uri) {
        return exchange(HttpRequest.newBuilder(uri).timeout(readTimeout).GET().build());
    }

    private HttpResponse<String> exchange(HttpRequest request) {
        long started = System.nanoTime();
        String outcome = UNREACHABLE;
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            outcome = outcomeOf(response.statusCode());
            return response;
        } catch (IOException e) {
            throw new RailUnavailableException(rail + " did not answer " + request.method() + " " + request.uri()
                    + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RailUnavailableException("interrupted while calling " + rail, e);
        } finally {
            Timer.builder(PaywireMeters.RAIL_CALLS).tag(PaywireMeters.RAIL, rail).tag(PaywireMeters.OUTCOME, outcome)
                    .publishPercentileHistogram().register(meters)
                    .record(Duration.ofNanos(System.nanoTime() - started));
        }
    }

    /** Answered (2xx, 3xx), refused (a 4xx that asking again would not change), or an error (5xx, 408, 429). */
    static String outcomeOf(int status) {
        return status < 400 ? ANSWERED : isRefusal(status) ? REFUSED : ERROR;
    }

    public JsonNode parse(HttpResponse<String> response) {
        try {
            return JSON.readTree(response.body());
        } catch (JacksonException e) {
            // a garbled answer tells us nothing: retry; the idempotency key keeps it one payment
            throw new RailUnavailableException(rail + " answered HTTP " + response.statusCode()
                    + " with a body that is not JSON", e);
        }
    }

    /** 4xx but timeouts and throttling: the rail refused, and asking again would not change its mind. */
    public static boolean isRefusal(int status) {
        return status >= 400 && status < 500 && status != 408 && status != 429;
    }
}
