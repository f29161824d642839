package com.paywire.api.auth;

import com.paywire.domain.clients.ClientCredentials;
import com.paywire.domain.observability.PaywireMeters;
import com.paywire.domain.platform.WallClock;
import com.paywire.vocabulary.clients.ApiClient;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

/**
 * Checks client credentials ({@link ClientCredentials}). Guessing is slowed down per source address (see
 * {@link FailedAttempts}): a source that keeps sending wrong secrets waits longer and longer, refused without any
 * hashing while it waits, and nobody else is affected, so the right secret from elsewhere always gets through.
 */
@Service
public class ClientAuthenticator {

    private static final Logger log = LoggerFactory.getLogger(ClientAuthenticator.class);

    private final ClientCredentials credentials;
    private final FailedAttempts failures;
    private final MeterRegistry meters;

    public ClientAuthenticator(ClientCredentials credentials, @WallClock Clock clock, MeterRegistry meters,
                               @Value("${" + FailedAttempts.LOOPBACK_PER_CLIENT + ":false}") boolean loopbackPerClient) {
        this.credentials = credentials;
        this.failures = new FailedAttempts(clock, loopbackPerClient);
        this.meters = meters;
        for (FailedAttempts.Scope scope : FailedAttempts.Scope.values()) {
            throttledCounter(scope); // at zero from the start, for the dashboard and a rate over it
        }
    }

    /**
     * @param sourceAddress where the request came from (the client's address as the servlet container reads it)
     * @throws Throttled while this source must wait before its next secret for this id is checked
     */
    public Optional<ApiClient> authenticate(String clientId, String clientSecret, String sourceAddress) {
        if (clientId == null || clientId.isBlank() || clientSecret == null || clientSecret.isEmpty()) {
            return Optional.empty();
        }
        failures.waitFor(clientId, sourceAddress).ifPresent(wait -> {
            throttled(wait.scope());
            throw new Throttled(wait.duration());
        });
        Optional<ApiClient> client = credentials.verify(clientId, clientSecret);
        if (client.isPresent()) {
            failures.recordSuccess(clientId, sourceAddress);
            return client;
        }
        failures.recordFailure(clientId, sourceAddress).ifPresent(wait -> log.warn(
                "Security: token requests from {} {} must wait {} s after repeated wrong secrets", sourceAddress,
                wait.scope() == FailedAttempts.Scope.CLIENT ? "for client id " + clientId : "for any client id",
                wait.duration().toSeconds()));
        return Optional.empty();
    }

    private void throttled(FailedAttempts.Scope scope) {
        throttledCounter(scope).increment();
    }

    private Counter throttledCounter(FailedAttempts.Scope scope) {
        return meters.counter(PaywireMeters.LOGINS_THROTTLED, PaywireMeters.SCOPE, scope.name().toLowerCase(Locale.ROOT));
    }

    /** This source failed too often: the caller should answer 429 with this Retry-After. */
    public static class Throttled extends RuntimeException {

        private final Duration retryAfter;

        Throttled(Duration retryAfter) {
            super("too many failed attempts from this source");
            this.retryAfter = retryAfter;
        }

        public Duration retryAfter() {
            return retryAfter;
        }
    }
}
