package com.paywire.activities.notifications;

import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.workflows.Policies;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The POST of a delivery attempt to a merchant's URL, and what came of it. The URL policy resolves the host and
 * checks the addresses, and the connection goes to exactly those: a DNS answer that changes after the check (DNS
 * rebinding) is never asked for. The request keeps the host name, for its Host header, TLS SNI and the
 * certificate check.
 */
@Component
public class DeliveryHttp implements AutoCloseable {

    /** The status the URL answered, or why there is none, and how long the attempt took (0 when refused). */
    public record Answer(Integer statusCode, String error, int latencyMs) {
    }

    /** As many connections as a worker runs activities at once (Temporal's default), to any one merchant too. */
    private static final int CONNECTIONS = 200;

    private final UrlPolicy policy;
    private final Duration timeout;
    private final CloseableHttpClient http;

    @Autowired
    public DeliveryHttp(UrlPolicy policy) {
        this(policy, Policies.DELIVERY_ATTEMPT_TIMEOUT);
    }

    DeliveryHttp(UrlPolicy policy, Duration timeout) {
        this.policy = policy;
        this.timeout = timeout;
        Timeout limit = Timeout.of(timeout);
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDnsResolver(new CheckedDns(policy))
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(limit).setSocketTimeout(limit).build())
                        .setMaxConnTotal(CONNECTIONS).setMaxConnPerRoute(CONNECTIONS)
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(limit).setResponseTimeout(limit).build())
                .disableRedirectHandling() // a redirect is not an acknowledgement
                .disableAutomaticRetries() // the delivery's ladder retries
                .disableCookieManagement()
                .disableAuthCaching()
                .disableContentCompression()
                .build();
    }

    public Answer post(String url, Map<String, String> headers, String body) {
        Optional<String> refusal = policy.refusalBeforeResolving(url);
        if (refusal.isPresent()) {
            return refused(refusal.get());
        }
        HttpPost request = new HttpPost(url);
        headers.forEach(request::setHeader);
        request.setEntity(new StringEntity(body, StandardCharsets.UTF_8));
        long began = System.nanoTime();
        // the whole attempt, connecting included, has the timeout: each step's own limit could add up past it
        CompletableFuture<Void> deadline = CompletableFuture.runAsync(request::cancel,
                CompletableFuture.delayedExecutor(timeout.toMillis(), TimeUnit.MILLISECONDS));
        try (ClassicHttpResponse response = http.executeOpen(null, request, null)) {
            return new Answer(response.getCode(), null, millisSince(began)); // the body is not read
        } catch (UrlPolicy.InternalAddressException internal) {
            return refused(internal.getMessage());
        } catch (IOException noAnswer) {
            // past the deadline, the failure may be its cancel closing the connection: the timeout is the story
            boolean cutOff = System.nanoTime() - began >= timeout.toNanos();
            return new Answer(null, TransportFailures.describe(noAnswer, timeout, cutOff), millisSince(began));
        } finally {
            deadline.cancel(false);
        }
    }

    @Override
    public void close() throws IOException {
        http.close();
    }

    private static Answer refused(String why) {
        return new Answer(null, "refused: the URL " + why, 0);
    }

    private static int millisSince(long nanos) {
        return (int) ((System.nanoTime() - nanos) / 1_000_000);
    }

    /** Name resolution by the URL policy: the addresses it answers have passed its check. */
    private record CheckedDns(UrlPolicy policy) implements DnsResolver {

        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            return policy.addresses(host);
        }

        @Override
        public String resolveCanonicalHostname(String host) {
            return host; // asked only for Kerberos, which deliveries do not use
        }
    }
}
