package com.paywire.workflows.cards;

/** The failure types CardPaymentWorkflow refuses Updates with: what a caller tells apart. */
public final class CardFailures {

    /** An Update refused for the state it found: a client error. */
    public static final String INVALID_OPERATION = "InvalidCardOperation";
    /** The processor refused the operation. */
    public static final String PROCESSOR_REFUSED = "ProcessorRefused";
    /** The processor has not settled the refund yet: the settlement check is tried again. */
    public static final String REFUND_UNSETTLED = "RefundUnsettled";
    /** A refund the merchant's utility account cannot cover (also its ErrorCode). */
    public static final String INSUFFICIENT_BALANCE = "INSUFFICIENT_BALANCE";
    /** An authorisation refused by fraud screening (its ErrorCode). */
    public static final String FRAUD_REJECTED = "FRAUD_REJECTED";

    private CardFailures() {
    }
}
