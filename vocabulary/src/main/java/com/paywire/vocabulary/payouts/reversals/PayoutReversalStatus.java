package com.paywire.vocabulary.payouts.reversals;

/** Where a payout reversal stands (stored by name in {@code payout_reversals.status}). */
public enum PayoutReversalStatus {
    /** Recorded, nothing held yet. */
    PENDING,
    /** The amount held from the rail's settlement for the working account; the rail asked, or its answer unknown. */
    REVERSING,
    /** The rail took the money back from the recipient: the hold is posted, the line is Reversed. */
    REVERSED,
    /** The rail refused (the recipient spent it, or the payment cannot be reversed): the hold is voided. */
    REFUSED;

    public boolean isFinal() {
        return this == REVERSED || this == REFUSED;
    }
}
