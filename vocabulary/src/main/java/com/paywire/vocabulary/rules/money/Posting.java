package com.paywire.vocabulary.rules.money;

/** One transfer the engine asks the ledger for: its idempotency key, the leg, and what the statement says of it. */
public record Posting(String key, Leg leg, String description) {
}
