package com.paywire.vocabulary.cards;

/**
 * Where a card dispute stands. A dispute the merchant accepted is {@link #LOST}, its record flagged accepted.
 */
public enum DisputeStatus {
    /** Opened by the processor: the merchant may send evidence or accept it until its due date. */
    NEEDS_RESPONSE,
    /** The merchant's evidence is with the processor, which decides. */
    UNDER_REVIEW,
    WON,
    LOST;

    public boolean decided() {
        return this == WON || this == LOST;
    }
}
