package com.paywire.vocabulary.checkout;

/** How the payer tries to pay a checkout order. */
public enum PaymentMethod {
    CARD,
    MOBILE_MONEY
}
