package com.paywire.vocabulary.checkout;

import com.paywire.vocabulary.Coded;
import java.util.Locale;

/**
 * Where a checkout order stands (the outcome's {@code Status}; docs/interface.md#hosted-checkout). An order is
 * payable while Pending or Failed and before its due date; Cancelled, Completed and Expired are final, and a Completed
 * order paid by card becomes Partially refunded or Refunded as its capture is refunded.
 */
public enum CheckoutStatus implements Coded {
    PENDING(0),
    /** An attempt to pay is with the card processor or the mobile-money rail. */
    PROCESSING(1),
    /** The last attempt failed; the payer may try again until the due date. */
    FAILED(2),
    CANCELLED(3),
    COMPLETED(4),
    /** The due date passed before the order was paid. */
    EXPIRED(5),
    /** Paid, then refunded in full through the card API (Paywire's: the live API names no refunded status). */
    REFUNDED(6),
    /** Paid, then refunded in part. */
    PARTIALLY_REFUNDED(7);

    private final int code;

    CheckoutStatus(int code) {
        this.code = code;
    }

    /** The {@code Status} the outcome carries. */
    @Override
    public int code() {
        return code;
    }

    /** The {@code StatusDesc}: the name in words, such as "Pending" or "Partially refunded". */
    public String description() {
        return name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    public boolean terminal() {
        return this == CANCELLED || this == EXPIRED || paid();
    }

    /** Whether the order was paid (its money credited), whatever has been refunded since. */
    public boolean paid() {
        return this == COMPLETED || this == REFUNDED || this == PARTIALLY_REFUNDED;
    }

    /** Whether the payer may start an attempt (the due date aside). */
    public boolean payable() {
        return this == PENDING || this == FAILED;
    }

    public static CheckoutStatus of(int code) {
        return Coded.of(CheckoutStatus.class, code);
    }
}
