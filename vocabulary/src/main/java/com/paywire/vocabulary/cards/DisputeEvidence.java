package com.paywire.vocabulary.cards;

/** What a merchant answers a card dispute with: text, and a reference to a document it keeps (no card data). */
public record DisputeEvidence(String explanation, String productDescription, String customerName,
                              String documentReference) {
}
