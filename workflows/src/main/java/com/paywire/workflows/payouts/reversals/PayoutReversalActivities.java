package com.paywire.workflows.payouts.reversals;

import com.paywire.workflows.paybacks.PayBackAnswer;
import io.temporal.activity.ActivityInterface;

/** The ledger and the record of a payout reversal. Idempotent: a retry finds its work done. */
@ActivityInterface
public interface PayoutReversalActivities {

    /** Holds the line's amount from the rail's settlement for the working account, and records it REVERSING; once. */
    void holdReversal(String reversalId);

    /**
     * The rail's final answer: reversed posts the hold and makes the line Reversed (with {@code payout.reversed}),
     * refused voids it and leaves the line Completed. Once.
     */
    void closeReversal(String reversalId, PayBackAnswer answer);

    /** No answer within the reconciliation window: the hold is kept, and the record says why, for an operator. */
    void keepReversalHeld(String reversalId, String note);
}
