package com.paywire.workflows.cards;

/** What the processor says of a refund it accepted. */
public enum RefundSettlement {
    PENDING, SETTLED, FAILED
}
