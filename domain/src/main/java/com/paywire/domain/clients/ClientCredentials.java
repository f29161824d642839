package com.paywire.domain.clients;

import com.paywire.domain.platform.WallClock;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import java.time.Clock;
import java.util.Optional;

/**
 * Whose secret is this? The client's current secret, or its previous one while the grace of a rotation lasts (a
 * second PBKDF2 check for a secret that is not the current one). An unknown id costs the same hashing as a known
 * one, so the answer time does not tell which ids exist. Throttling the guesses is the caller's.
 */
public class ClientCredentials {

    /** Compared against when the id is unknown: the same PBKDF2 work, and never a match. */
    private static final String UNKNOWN_CLIENT_HASH = ClientSecretHasher.hash("no client has this secret");

    private final ApiClientStore clients;
    private final Clock clock;

    ClientCredentials(ApiClientStore clients, @WallClock Clock clock) {
        this.clients = clients;
        this.clock = clock;
    }

    /** The client with this id and secret; empty when there is none, whichever of the two is wrong. */
    public Optional<ApiClient> verify(String clientId, String clientSecret) {
        Optional<ApiClient> client = clients.find(clientId);
        boolean matches = ClientSecretHasher.matches(clientSecret,
                client.map(ApiClient::secretHash).orElse(UNKNOWN_CLIENT_HASH))
                || client.isPresent() && clients.previousSecretHash(clientId, clock.instant())
                        .filter(previous -> ClientSecretHasher.matches(clientSecret, previous)).isPresent();
        return matches ? client : Optional.empty();
    }
}
