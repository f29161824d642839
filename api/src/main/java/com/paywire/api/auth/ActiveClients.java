package com.paywire.api.auth;

import com.paywire.domain.platform.WallClock;
import com.paywire.persistence.clients.ApiClientStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Is the client a token names still there and enabled? A signature proves who issued the token, not that the
 * client may still call. Confirmations are remembered for {@link #REMEMBER}, so that a busy client costs one
 * query every few seconds instead of one per request; disabling a client takes effect within that time.
 */
@Component
class ActiveClients {

    static final Duration REMEMBER = Duration.ofSeconds(5);

    private final ApiClientStore clients;
    private final Clock clock;
    /** Only ids that passed the signature check get here, so this is bounded by the number of real clients. */
    private final Map<String, Instant> confirmedUntil = new ConcurrentHashMap<>();

    ActiveClients(ApiClientStore clients, WallClock wallClock) {
        this.clients = clients;
        this.clock = wallClock.clock();
    }

    boolean isActive(String clientId) {
        Instant now = clock.instant();
        Instant until = confirmedUntil.get(clientId);
        if (until != null && now.isBefore(until)) {
            return true;
        }
        if (clients.isEnabled(clientId)) {
            confirmedUntil.put(clientId, now.plus(REMEMBER));
            return true;
        }
        confirmedUntil.remove(clientId);
        return false;
    }
}
