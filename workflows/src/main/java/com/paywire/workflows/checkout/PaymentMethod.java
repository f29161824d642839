package com.paywire.workflows.checkout;

/** How the payer tries to pay a checkout order. */
public enum PaymentMethod {
    CARD,
    MOBILE_MONEY
}
