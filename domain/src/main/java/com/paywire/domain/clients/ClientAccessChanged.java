package com.paywire.domain.clients;

/**
 * Published when an operator disables or enables a client or revokes its tokens: this replica's
 * {@link ActiveClients} forgets what it remembered of the client, so the change holds for the next request.
 */
public record ClientAccessChanged(String clientId) {
}
