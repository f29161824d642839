package com.paywire.vocabulary.rules.cards;

/** What a fraud screen decides of a card payment; its name is what a screen's record and its JSON carry. */
public enum FraudVerdict {
    ACCEPT, REVIEW, REJECT
}
