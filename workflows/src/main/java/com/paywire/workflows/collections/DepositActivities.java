package com.paywire.workflows.collections;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** The read model, the ledger and the client's callback. Idempotent: a retry finds its work done. */
@ActivityInterface
public interface DepositActivities {

    /**
     * Before the prompt is sent (every check that could refuse it ran when the deposit was accepted): a deposit of
     * its own (an express deposit, a payment link's payment) holds the credit its success would post on the
     * mobile-money rail's settlement account, under its key ({@code deposit:{id}}), which may go negative, so it is
     * never refused. Answers whether it is held: an attempt at a checkout order holds nothing (the order credits
     * its payment, under its own key, when it takes it).
     */
    boolean holdPrompt(String depositId);

    void recordPrompt(String depositId, PromptAcknowledgement acknowledgement);

    /**
     * Records the outcome; on success credits the client's utility account once (posts the held credit, or for a
     * deposit whose prompt was sent before credits were held, credits it); on a definite failure releases the held
     * credit; a result whose outcome is unknown ({@link PromptResult#outcomeUnknown}) keeps it held. Then sends the
     * client its {@code Body.StkCallback} through the delivery engine. A deposit that is an attempt at a checkout
     * order only records its outcome: the checkout credits and calls back.
     */
    @ActivityMethod(name = "SettleDeposit") // the type recorded in histories in flight
    void closeDeposit(String depositId, PromptResult result);

    /**
     * A success the rail reported after the deposit was closed unpaid: records the deposit Completed, confirmed
     * late; a deposit of its own (an express deposit, a payment link's payment) is credited once: its held credit
     * posted when it is still held (the outcome was unknown), under {@code deposit:{id}:paid-late} when the hold was
     * released (the ledger neither posts nor reuses a voided hold's key), under {@code deposit:{id}} when nothing was
     * held (a prompt sent before credits were held); and its client called back again with the final result. A deposit that is an attempt
     * at a checkout order is only recorded: the answer names the order, which takes the payment or owes it back.
     * A deposit that was paid on time is left as it is.
     */
    LateSuccess closeLateSuccess(String depositId, PromptResult result);

    /**
     * The rail's definite failure of a prompt closed with its outcome unknown: its held credit is released (nothing
     * when it was settled or released before, or nothing was held).
     */
    void releaseUnconfirmed(String depositId, PromptResult result);

    /**
     * A prompt closed with its outcome unknown that the rail did not decide in the reconciliation window: its held
     * credit still pending, the deposit is referred to operators (express_deposits.referred_at), who resolve it by
     * the operations queue ({@code phone_prompt}). Nothing when it was paid, released, or never held meanwhile, or is
     * an attempt at a checkout order; a repeated referral keeps the first one.
     *
     * @param unconfirmedSinceMillis when the deposit closed with its outcome unknown (epoch milliseconds)
     */
    void referUnconfirmed(String depositId, long unconfirmedSinceMillis);
}
