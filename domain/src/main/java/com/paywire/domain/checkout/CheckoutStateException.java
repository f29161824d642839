package com.paywire.domain.checkout;

import com.paywire.vocabulary.checkout.CheckoutStatus;

/**
 * The checkout order is not in a state that allows what was asked: paying or cancelling an order that is being
 * paid, is final or is past its due date, or asking for the return form of an order that is not final. The
 * message is written for the payer.
 */
public class CheckoutStateException extends RuntimeException {

    public enum Reason {
        /** An attempt to pay is in flight. */
        PROCESSING("A payment for this order is already in progress."),
        COMPLETED("This order has been paid."),
        CANCELLED("This order was cancelled."),
        /** Expired, or past its due date and about to be. */
        EXPIRED("This order can no longer be paid: its due time has passed."),
        /** Every attempt the order takes has been made (CheckoutWorkflow.MAX_ATTEMPTS). */
        NO_ATTEMPTS_LEFT("This order has had too many attempts to pay and cannot take more. Nothing was paid."),
        /** The order is not final, so there is nothing to return with yet. */
        NOT_FINISHED("This order is not finished yet.");

        private final String message;

        Reason(String message) {
            this.message = message;
        }

        /** The sentence the payer reads. */
        public String message() {
            return message;
        }
    }

    private final Reason reason;

    public CheckoutStateException(Reason reason) {
        super(reason.message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }

    /** Why an order in this status, with or without attempts left, may not be paid now. */
    static CheckoutStateException notPayable(CheckoutStatus status, boolean attemptsUsedUp) {
        return attemptsUsedUp && status.payable() ? new CheckoutStateException(Reason.NO_ATTEMPTS_LEFT)
                : notPayable(status);
    }

    /** Why an order in this status may not be paid or cancelled now. */
    static CheckoutStateException notPayable(CheckoutStatus status) {
        return new CheckoutStateException(switch (status) {
            case PROCESSING -> Reason.PROCESSING;
            case COMPLETED, PARTIALLY_REFUNDED, REFUNDED -> Reason.COMPLETED;
            case CANCELLED -> Reason.CANCELLED;
            case PENDING, FAILED, EXPIRED -> Reason.EXPIRED;
        });
    }
}
