package com.paywire.vocabulary.console;

import java.time.Instant;
import java.util.Set;

/**
 * A session still in use, as its client is now.
 *
 * @param scopes what the client holds now: a change takes effect at the next request
 */
public record ActiveSession(String clientId, String clientName, Set<String> scopes, Instant createdAt,
                            Instant expiresAt) {
}
