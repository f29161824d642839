package com.paywire.vocabulary.operations;

/**
 * A payment whose rail never said what became of it (an airtime top-up, a bill payment): its funds stay held, it
 * stays Processing with this code, and once its rail's window has passed it is referred to operations, who resolve
 * it (docs/interface.md#operations). The live API's "inconclusive".
 */
public final class PendingConfirmation {

    /** An airtime recipient's resultCode, a bill payment's statusCode, while it is pending confirmation. */
    public static final String CODE = "14";

    private PendingConfirmation() {
    }
}
