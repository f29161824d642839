package com.paywire.vocabulary.paybacks;

/**
 * Where a pay-back stands (stored by name in {@code pay_backs.status}). A suspense return answers operators as
 * RETURNING, RETURNED or RETURN_FAILED ({@link #suspenseName}); a refund due by these names.
 */
public enum PayBackStatus {
    /** Recorded, nothing held yet. */
    PENDING,
    /** Held on the account the money waits on; the rail is asked, or its answer is not known yet. */
    PAYING,
    /** The rail paid the payer: the hold is posted. */
    PAID,
    /** A suspense return the rail refused: the hold is released, the deposit is back in suspense. */
    FAILED,
    /** A refund due that failed for good: the hold is released, the money back on REFUNDS_DUE, for an operator. */
    REFERRED;

    public boolean isFinal() {
        return this == PAID || this == FAILED || this == REFERRED;
    }

    /**
     * How a collection reversal in this status is shown to its client: PENDING, REVERSING (held, the rail asked),
     * HELD (held, the rail's answer still unknown after the reconciliation window: referred to operators),
     * REVERSED, FAILED (the rail refused; released).
     *
     * @param referred whether its workflow gave up waiting and referred it ({@code reason} set while PAYING)
     */
    public String reversalName(boolean referred) {
        return switch (this) {
            case PENDING -> "PENDING";
            case PAYING -> referred ? "HELD" : "REVERSING";
            case PAID -> "REVERSED";
            case FAILED, REFERRED -> "FAILED";
        };
    }

    /** How a suspense return in this status is shown to operators. */
    public String suspenseName() {
        return switch (this) {
            case PENDING, PAYING -> "RETURNING";
            case PAID -> "RETURNED";
            case FAILED, REFERRED -> "RETURN_FAILED";
        };
    }
}
