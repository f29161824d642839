package com.paywire.workflows.cards;

import io.temporal.failure.ApplicationFailure;

/** The failure types CardPaymentWorkflow refuses Updates with: what a caller tells apart. */
public final class CardFailures {

    /** An Update refused for the state it found: a client error. */
    public static final String INVALID_OPERATION = "InvalidCardOperation";
    /** The processor refused the operation. */
    public static final String PROCESSOR_REFUSED = "ProcessorRefused";
    /** The processor has not settled the refund yet: the settlement check is tried again. */
    public static final String REFUND_UNSETTLED = "RefundUnsettled";
    /** A capture one of Paywire's own rules refuses (its amount, its fee band), before the processor is asked. */
    public static final String CAPTURE_REFUSED = "CaptureRefused";
    /** A refund the merchant's utility account cannot cover (also its ErrorCode). */
    public static final String INSUFFICIENT_BALANCE = "INSUFFICIENT_BALANCE";
    /** An authorisation refused by fraud screening (its ErrorCode). */
    public static final String FRAUD_REJECTED = "FRAUD_REJECTED";

    private CardFailures() {
    }

    /** An Update refused for the state it found, saying why. */
    static ApplicationFailure invalid(String message) {
        return ApplicationFailure.newNonRetryableFailure(message, INVALID_OPERATION);
    }

    /** Fails the Update, not retried, unless the processor accepted the operation. */
    static void refusedUnlessAccepted(ProcessorResult result, String what) {
        if (!result.accepted()) {
            throw ApplicationFailure.newNonRetryableFailure("The processor refused the " + what + ": "
                    + result.errorCode() + " " + result.errorMessage(), PROCESSOR_REFUSED);
        }
    }
}
