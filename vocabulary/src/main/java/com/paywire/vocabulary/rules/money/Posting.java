package com.paywire.domain.money;

import com.paywire.persistence.ledger.Ledger;

/** One transfer the engine asks the ledger for: its idempotency key, the leg, and what the statement says of it. */
public record Posting(String key, Ledger.Leg leg, String description) {
}
