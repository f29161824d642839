package com.paywire.vocabulary.cards;

/** All Paywire ever knows of a card: where the vault keeps it, and what may be shown of it. */
public record CardSummary(String processorInstrumentId, String network, String lastFour, String expiryMonth,
                          String expiryYear) {
}
