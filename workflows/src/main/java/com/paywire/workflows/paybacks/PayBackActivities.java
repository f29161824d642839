package com.paywire.workflows.paybacks;

import io.temporal.activity.ActivityInterface;

/** The ledger and the record of money paid back to a payer. Idempotent: a retry finds its work done. */
@ActivityInterface
public interface PayBackActivities {

    /**
     * Holds the pay-back's amount on the account it waits on (suspense, refunds due), to the rail's settlement, and
     * records it PAYING with the method it goes back by; once.
     */
    void holdPayBack(String payBackId);

    /** The rail's final answer: paid posts the hold, refused releases it; the record says which and why. Once. */
    void closePayBack(String payBackId, PayBackAnswer answer);

    /** No answer within the reconciliation window: the hold is kept, and the record says why, for an operator. */
    void keepPayBackHeld(String payBackId, String reason);
}
