package com.paywire.vocabulary.operations;

/**
 * What an operator found out from the rail of a payment pending confirmation; taken, stored
 * (unconfirmed_payment_resolutions.outcome) and answered by name.
 */
public enum ResolutionOutcome {
    /** The rail took the money: the hold is posted. */
    PAID,
    /** The rail did not: the hold is released. */
    NOT_PAID
}
