package com.paywire.domain.rails;

import com.paywire.domain.observability.PaywireMeters;
import com.paywire.vocabulary.rails.Rail;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What every rail adapter does the same way: send, read JSON, turn transport trouble into a retry, and time each
 * call by its outcome ({@link PaywireMeters#RAIL_CALLS}). Calls run on the caller's thread over a pool of
 * kept-alive connections: the JDK's client handed every call between its threads, a tenth of the worker's CPU for
 * one payout. The client follows no redirect and retries nothing itself: a retry is the activity's.
 */
public final class RailHttp {

    public static final JsonMapper JSON = JsonMapper.builder().build();
    /** A call's outcome as the rail-calls timer tags it. */
    static final String ANSWERED = "answered";
    static final String REFUSED = "refused";
    static final String ERROR = "error";
    static final String UNREACHABLE = "unreachable";

    /** More than the worker's activities in flight at once, so a call never waits for a connection of the pool. */
    private static final int CONNECTIONS = 256;

    /** The rail as failures and the rail-calls timer name it. */
    private final String railName;
    private final CloseableHttpClient http;
    private final MeterRegistry meters;

    /**
     * @param rail        the rail called
     * @param readTimeout how long to wait for an answer; a rail slower than this is retried
     */
    public RailHttp(Rail rail, Duration connectTimeout, Duration readTimeout, MeterRegistry meters) {
        this.railName = rail.metricName();
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setMaxConnTotal(CONNECTIONS).setMaxConnPerRoute(CONNECTIONS)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(Timeout.of(connectTimeout))
                                // a connection the rail may have closed while it sat idle is checked before use
                                .setValidateAfterInactivity(TimeValue.ofSeconds(2)).build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(Timeout.of(readTimeout))
                        .setConnectionRequestTimeout(Timeout.of(readTimeout)).build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableContentCompression()
                .build();
        this.meters = meters;
    }

    /**
     * Posts {@code body} as JSON.
     *
     * @param idempotencyKey what the rail deduplicates the call by; null for a call that moves nothing
     */
    public RailAnswer post(URI uri, String idempotencyKey, Object body) {
        HttpPost request = new HttpPost(uri);
        request.setHeader("Content-Type", "application/json");
        if (idempotencyKey != null) {
            request.setHeader("Idempotency-Key", idempotencyKey);
        }
        request.setEntity(new ByteArrayEntity(JSON.writeValueAsBytes(body), null));
        return exchange(request, uri);
    }

    public RailAnswer get(URI uri) {
        return exchange(new HttpGet(uri), uri);
    }

    private RailAnswer exchange(HttpUriRequestBase request, URI uri) {
        long started = System.nanoTime();
        String outcome = UNREACHABLE;
        try {
            RailAnswer answer = http.execute(request, response -> {
                HttpEntity entity = response.getEntity();
                return new RailAnswer(response.getCode(),
                        entity == null ? "" : EntityUtils.toString(entity, StandardCharsets.UTF_8));
            });
            outcome = outcomeOf(answer.statusCode());
            return answer;
        } catch (IOException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw new RailUnavailableException("interrupted while calling " + railName, e);
            }
            throw new RailUnavailableException(railName + " did not answer " + request.getMethod() + " "
                    + uri + ": " + e, e);
        } finally {
            Timer.builder(PaywireMeters.RAIL_CALLS).tag(PaywireMeters.RAIL, railName).tag(PaywireMeters.OUTCOME, outcome)
                    .publishPercentileHistogram().register(meters)
                    .record(Duration.ofNanos(System.nanoTime() - started));
        }
    }

    /** Answered (2xx, 3xx), refused (a 4xx that asking again would not change), or an error (5xx, 408, 429). */
    static String outcomeOf(int status) {
        return status < 400 ? ANSWERED : isRefusal(status) ? REFUSED : ERROR;
    }

    public JsonNode parse(RailAnswer response) {
        try {
            return JSON.readTree(response.body());
        } catch (JacksonException e) {
            // a garbled answer tells us nothing: retry; the idempotency key keeps it one payment
            throw new RailUnavailableException(railName + " answered HTTP " + response.statusCode()
                    + " with a body that is not JSON", e);
        }
    }

    /** 4xx but timeouts and throttling: the rail refused, and asking again would not change its mind. */
    public static boolean isRefusal(int status) {
        return status >= 400 && status < 500 && status != 408 && status != 429;
    }
}
