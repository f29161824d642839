package com.paywire.persistence.timeline;

import java.util.Arrays;
import java.util.Optional;

/**
 * What kind of request a payment's id can name, as a timeline follows it: each has its own table, workflow and
 * client key. {@link #product()} is how a caller names it (the timeline's {@code product} parameter and answer).
 */
public enum PaymentKind {
    /** A payment order with its lines: originatorConversationId, or Paywire's id of the order. */
    PAYMENT_ORDER("payment-order"),
    /** One payout line: its systemTraceAuditNumber, Paywire's id of it or its rail reference. */
    PAYOUT_LINE("payout-line"),
    EXPRESS_DEPOSIT("express-deposit"),
    /** A payment link, whose payments are express deposits made on its page. */
    PAYMENT_LINK("payment-link"),
    CHECKOUT("checkout"),
    /** A card authorisation with its captures, voids and refunds: any RequestId or transaction id of them. */
    CARD_PAYMENT("card-payment"),
    KYC_REQUEST("kyc-request"),
    ACCOUNT_VALIDATION("account-validation"),
    AIRTIME_PURCHASE("airtime-purchase"),
    BILL_PAYMENT("bill-payment"),
    /**
     * A payment the payer started to the client's paybill number (C2B): the rail's receipt, the client's
     * reference (the AccountNo less its prefix) or Paywire's id of it. One held in suspense is no client's.
     */
    PAYBILL_DEPOSIT("paybill-deposit");

    private final String product;

    PaymentKind(String product) {
        this.product = product;
    }

    public String product() {
        return product;
    }

    public static Optional<PaymentKind> ofProduct(String product) {
        return Arrays.stream(values()).filter(k -> k.product.equals(product)).findFirst();
    }
}
