package com.paywire.vocabulary.checkout;

import com.paywire.vocabulary.rails.Rail;

/** How the payer tries to pay a checkout order, and the rail its money comes in by. */
public enum PaymentMethod {
    CARD(Rail.CARD_PROCESSOR),
    MOBILE_MONEY(Rail.MOBILE_MONEY);

    private final Rail rail;

    PaymentMethod(Rail rail) {
        this.rail = rail;
    }

    public Rail rail() {
        return rail;
    }
}
