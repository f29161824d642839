package com.paywire.domain.rails;

/**
 * A rail's callback once its protocol has read it: the typed result, and the body as received, kept for
 * reconciliation.
 */
public record RailCallback<T>(T result, String json) {
}
