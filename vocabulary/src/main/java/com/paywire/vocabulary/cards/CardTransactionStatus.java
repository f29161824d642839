package com.paywire.vocabulary.cards;

/** Where a card transaction stands; the read model and the API show these names. */
public enum CardTransactionStatus {
    PENDING, AUTHORIZED, DECLINED, CAPTURED, VOIDED, REFUND_INITIATED, REFUNDED, REFUND_FAILED;

    /** An authorisation the processor approved, whatever happened to it since. */
    public boolean approved() {
        return this == AUTHORIZED || this == CAPTURED || this == VOIDED;
    }
}
