package com.paywire.activities.notifications;

import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.workflows.Policies;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/** The POST of a delivery attempt to a merchant's URL, under the URL policy, and what came of it. */
@Component
public class DeliveryHttp {

    /** The status the URL answered, or why there is none, and how long the attempt took (0 when refused). */
    public record Answer(Integer statusCode, String error, int latencyMs) {
    }

    private final UrlPolicy policy;
    private final Duration timeout;
    private final HttpClient http;

    @Autowired
    public DeliveryHttp(UrlPolicy policy) {
        this(policy, Policies.DELIVERY_ATTEMPT_TIMEOUT);
    }

    DeliveryHttp(UrlPolicy policy, Duration timeout) {
        this.policy = policy;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder()
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER) // a redirect is not an acknowledgement
                .build();
    }

    public Answer post(String url, Map<String, String> headers, String body) throws InterruptedException {
        Optional<String> refusal = policy.refusal(url);
        if (refusal.isPresent()) {
            return new Answer(null, "refused: the URL " + refusal.get(), 0);
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout);
        headers.forEach(request::header);
        long began = System.nanoTime();
        try {
            HttpResponse<Void> response = http.send(request.POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.discarding());
            return new Answer(response.statusCode(), null, millisSince(began));
        } catch (IOException noAnswer) {
            return new Answer(null, TransportFailures.describe(noAnswer, timeout), millisSince(began));
        }
    }

    private static int millisSince(long nanos) {
        return (int) ((System.nanoTime() - nanos) / 1_000_000);
    }
}
