package com.paywire.api.auth;

import com.paywire.persistence.clients.ApiClient;
import com.paywire.persistence.clients.ApiClientStore;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Checks client credentials against the stored hash. Guessing is slowed down per client id (see
 * {@link FailedAttempts}), and an unknown id costs the same hashing as a known one, so the answer time does not
 * tell which ids exist.
 */
@Service
public class ClientAuthenticator {

    private static final Logger log = LoggerFactory.getLogger(ClientAuthenticator.class);
    /** Compared against when the id is unknown: the same PBKDF2 work, and never a match. */
    private static final String UNKNOWN_CLIENT_HASH = ClientSecretHasher.hash("no client has this secret");

    private final ApiClientStore clients;
    private final FailedAttempts failures;

    public ClientAuthenticator(ApiClientStore clients, Clock clock) {
        this.clients = clients;
        this.failures = new FailedAttempts(clock);
    }

    /** @throws TooManyFailures while the id is locked out, whatever the secret */
    public Optional<ApiClient> authenticate(String clientId, String clientSecret) {
        if (clientId == null || clientId.isBlank() || clientSecret == null || clientSecret.isEmpty()) {
            return Optional.empty();
        }
        failures.lockedOutFor(clientId).ifPresent(wait -> {
            throw new TooManyFailures(wait);
        });
        Optional<ApiClient> client = clients.find(clientId);
        boolean matches = ClientSecretHasher.matches(clientSecret,
                client.map(ApiClient::secretHash).orElse(UNKNOWN_CLIENT_HASH));
        if (client.isPresent() && matches) {
            failures.clear(clientId);
            return client;
        }
        if (failures.record(clientId)) {
            log.warn("Security: client id {} is locked out for {} s after {} failed secrets in a row",
                    clientId, FailedAttempts.LOCKOUT.toSeconds(), FailedAttempts.MAX_FAILURES);
        }
        return Optional.empty();
    }

    /** The id failed too often: the caller should answer 429 with this Retry-After. */
    public static class TooManyFailures extends RuntimeException {

        private final Duration retryAfter;

        TooManyFailures(Duration retryAfter) {
            super("too many failed attempts");
            this.retryAfter = retryAfter;
        }

        public long retryAfterSeconds() {
            return Math.max(1, (retryAfter.toMillis() + 999) / 1000);
        }
    }
}
