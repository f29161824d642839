package com.paywire.domain.clients;

import com.paywire.domain.platform.WallClock;
import com.paywire.persistence.Remembered;
import com.paywire.persistence.clients.ApiClientStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.springframework.context.event.EventListener;

/**
 * Is the client a token names still there and enabled, and was the token issued after the client's tokens were last
 * revoked? A signature proves who issued the token, not that the client may still call. Confirmations are
 * remembered for {@link #REMEMBER}, so that a busy client costs one query every few seconds instead of one per
 * request; a change made through this replica ({@link ClientAccessChanged}) holds at once, one made through another
 * within that time.
 */
public class ActiveClients {

    public static final Duration REMEMBER = Duration.ofSeconds(5);

    private final ApiClientStore clients;
    /** Only ids that passed the signature check get here, so this is bounded by the number of real clients. */
    private final Remembered<String, ApiClientStore.Access> confirmed;

    public ActiveClients(ApiClientStore clients, @WallClock Clock clock) {
        this.clients = clients;
        this.confirmed = new Remembered<>(REMEMBER, clock);
    }

    /** Why a token of this client, issued at that second, is refused, in words for the caller; empty: it is good. */
    public Optional<String> refusal(String clientId, Instant tokenIssuedAt) {
        Optional<ApiClientStore.Access> access = confirmed.get(clientId,
                id -> clients.access(id).filter(ApiClientStore.Access::enabled));
        if (access.isEmpty()) {
            return Optional.of("The client of this token does not exist or is disabled");
        }
        Instant tokensNotBefore = access.get().tokensNotBefore();
        if (tokensNotBefore != null && tokenIssuedAt.isBefore(tokensNotBefore)) {
            return Optional.of("The tokens of this client issued before its secret was revoked no longer count:"
                    + " get a new one");
        }
        return Optional.empty();
    }

    @EventListener
    void forget(ClientAccessChanged changed) {
        confirmed.forget(changed.clientId());
    }
}
