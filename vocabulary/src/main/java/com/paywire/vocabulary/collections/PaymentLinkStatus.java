package com.paywire.vocabulary.collections;

/** Whether payers may pay through a payment link; stored, and answered to clients, by name (payment_links.status). */
public enum PaymentLinkStatus {
    ACTIVE,
    /** the merchant disabled it: its page says so */
    DISABLED
}
