package com.paywire.vocabulary.clients;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * A client as operators see it: never its secret.
 *
 * @param displayName              the name payers see on hosted pages; null: its name
 * @param secretRotatedAt          when its secret was last rotated; null: never
 * @param previousSecretValidUntil when the secret it had before stops working; null: it has none that works
 * @param shortCode                the short code its express deposits and payment links name (its first, if it
 *                                 holds several); null: none
 * @param accountPrefix            what that short code's AccountNo values start with; null with no short code
 */
public record ClientDetails(String clientId, String name, String displayName, Set<String> scopes, boolean enabled, OffsetDateTime createdAt,
                            List<AssignedRoute> routes, OffsetDateTime secretRotatedAt,
                            OffsetDateTime previousSecretValidUntil, String shortCode, String accountPrefix) {

    public record AssignedRoute(UUID routeId, String category) {
    }

    /** One page of clients, and how many there are in all. */
    public record Page(List<ClientDetails> clients, long total) {
    }
}
