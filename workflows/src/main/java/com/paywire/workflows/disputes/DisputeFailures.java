package com.paywire.workflows.disputes;

/** The failure types of a dispute's Updates, as the card API tells them apart. */
public final class DisputeFailures {

    /** The processor could not be told the merchant's answer: nothing changed, the answer may be sent again. */
    public static final String PROCESSOR_UNREACHABLE = "DISPUTE_PROCESSOR_UNREACHABLE";

    private DisputeFailures() {
    }
}
