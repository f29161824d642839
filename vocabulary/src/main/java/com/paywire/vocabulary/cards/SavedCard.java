package com.paywire.vocabulary.cards;

import java.time.OffsetDateTime;

/** A card a client saved, with the billing address it was saved with. */
public record SavedCard(String id, CardSummary card, String billingAddressJson, OffsetDateTime createdAt) {
}
