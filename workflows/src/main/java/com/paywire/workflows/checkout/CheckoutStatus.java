package com.paywire.workflows.checkout;

import java.util.Arrays;

/**
 * Where a checkout order stands (the outcome's {@code Status}; docs/interface.md#hosted-checkout). An order is
 * payable while Pending or Failed and before its due date; Cancelled, Completed and Expired are final.
 */
public enum CheckoutStatus {
    PENDING(0, "Pending"),
    /** An attempt to pay is with the card processor or the mobile-money rail. */
    PROCESSING(1, "Processing"),
    /** The last attempt failed; the payer may try again until the due date. */
    FAILED(2, "Failed"),
    CANCELLED(3, "Cancelled"),
    COMPLETED(4, "Completed"),
    /** The due date passed before the order was paid. */
    EXPIRED(5, "Expired");

    private final int code;
    private final String description;

    CheckoutStatus(int code, String description) {
        this.code = code;
        this.description = description;
    }

    public int code() {
        return code;
    }

    public String description() {
        return description;
    }

    public boolean terminal() {
        return this == CANCELLED || this == COMPLETED || this == EXPIRED;
    }

    /** Whether the payer may start an attempt (the due date aside). */
    public boolean payable() {
        return this == PENDING || this == FAILED;
    }

    public static CheckoutStatus of(int code) {
        return Arrays.stream(values()).filter(s -> s.code == code).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no checkout status " + code));
    }
}
