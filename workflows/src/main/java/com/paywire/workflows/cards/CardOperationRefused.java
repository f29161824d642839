package com.paywire.workflows.cards;

import io.temporal.failure.ApplicationFailure;

/**
 * A capture, void or refund that an Update's validator refuses for the state it finds: the client's 409, an everyday
 * answer. Validators throw this rather than the {@link CardFailures#invalid} failure that the Update's handler throws:
 * the SDK rejects the Update the same with either (the caller reads its message), but logs a Temporal failure from a
 * validator as a failed workflow execution, at WARN with its stack trace. Nothing of a rejected Update is recorded in
 * the history, so histories are unchanged.
 */
public final class CardOperationRefused extends RuntimeException {

    CardOperationRefused(String message) {
        super(message, null, false, false); // the message is the answer; a stack would say nothing more
    }

    /** Runs a state check of the operation, refusing it as this when the check fails. */
    static void unless(Runnable check) {
        try {
            check.run();
        } catch (ApplicationFailure invalid) {
            throw new CardOperationRefused(invalid.getOriginalMessage());
        }
    }
}
