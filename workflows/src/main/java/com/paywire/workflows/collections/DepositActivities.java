package com.paywire.workflows.collections;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** The read model, the ledger and the client's callback. Idempotent: a retry finds its work done. */
@ActivityInterface
public interface DepositActivities {

    void recordPrompt(String depositId, PromptAcknowledgement acknowledgement);

    /**
     * Records the outcome; on success credits the client's utility account once; then sends the client its
     * {@code Body.StkCallback} through the delivery engine. A deposit that is an attempt at a checkout order only
     * records its outcome: the checkout credits and calls back.
     */
    @ActivityMethod(name = "SettleDeposit") // the type recorded in histories in flight
    void closeDeposit(String depositId, PromptResult result);

    /**
     * A success the rail reported after the deposit was closed unpaid: records the deposit Completed, confirmed
     * late; a deposit of its own (an express deposit, a payment link's payment) is credited once, under the key an
     * on-time success uses, and its client called back again with the final result. A deposit that is an attempt
     * at a checkout order is only recorded: the answer names the order, which takes the payment or owes it back.
     * A deposit that was paid on time is left as it is.
     */
    LateSuccess closeLateSuccess(String depositId, PromptResult result);
}
