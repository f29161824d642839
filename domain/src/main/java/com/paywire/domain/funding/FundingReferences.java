package com.paywire.domain.funding;

import com.paywire.domain.UnknownResourceException;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.funding.FundingStore;
import com.paywire.vocabulary.funding.FundingReference;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * Each client's funding reference, assigned on first need (the first time the client or an operator asks for it)
 * and never changed: a random seven-digit payload with its check digit, unique across clients (a clash with
 * another client's is drawn again).
 */
@Service
public class FundingReferences {

    private static final int ATTEMPTS = 20;

    private final FundingStore store;
    private final ApiClientStore clients;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    public FundingReferences(FundingStore store, ApiClientStore clients, Clock clock) {
        this.store = store;
        this.clients = clients;
        this.clock = clock;
    }

    /** The client's reference, assigned now if it has none yet. 404 for no such client. */
    public String of(String clientId) {
        Optional<String> existing = store.referenceOf(clientId);
        if (existing.isPresent()) {
            return existing.get();
        }
        if (clients.details(clientId, clock.instant()).isEmpty()) {
            throw new UnknownResourceException("No client has that id.");
        }
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Optional<String> assigned = store.assign(clientId,
                    FundingReference.of(random.nextInt(10_000_000)), OffsetDateTime.now(clock));
            if (assigned.isPresent()) {
                return assigned.get();
            }
        }
        throw new IllegalStateException("no free funding reference in " + ATTEMPTS + " draws");
    }

    /** The client a valid reference names, if any. */
    public Optional<String> clientOf(String reference) {
        return store.clientOf(reference);
    }
}
