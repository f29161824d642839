package com.paywire.vocabulary.paybacks;

/** How the money goes back to the payer. */
public enum PayBackMethod {
    /** The mobile-money rail's reversal of the payer's payment, named by the rail's receipt. */
    REVERSAL,
    /** A mobile-money B2C payout to the payer's phone, where the rail has no receipt to reverse. */
    B2C,
    /** The card processor's refund of the capture. */
    CARD_REFUND
}
