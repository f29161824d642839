package com.paywire.workflows.checkout;

import com.paywire.vocabulary.checkout.CheckoutStatus;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One per checkout order: Pending until the payer pays, cancels, or the due date passes. A failed attempt leaves
 * the order payable again, up to {@link #MAX_ATTEMPTS}. Every status change is recorded and sent to the merchant's
 * checkoutCallbackUrl.
 */
@WorkflowInterface
public interface CheckoutWorkflow {

    /**
     * Attempts (card and mobile money together) one order takes over its life: the hosted page refuses more, and
     * the workflow ignores more, so that its history stays bounded however long the order is open.
     */
    int MAX_ATTEMPTS = 10;

    /** @return the final status: Completed, Cancelled or Expired */
    @WorkflowMethod
    CheckoutStatus run(CheckoutCommand order);

    /** Ignored while another attempt is in flight, after {@link #MAX_ATTEMPTS}, and once the order is final or due. */
    @SignalMethod
    void payByCard(CardAttempt attempt);

    /** Ignored while another attempt is in flight, after {@link #MAX_ATTEMPTS}, and once the order is final or due. */
    @SignalMethod
    void payByMobileMoney(MobileMoneyAttempt attempt);

    /**
     * An earlier mobile-money attempt, recorded failed, turned out paid (its deposit is now Completed): it
     * completes the order when no other attempt pays it; otherwise it is owed back to the payer.
     */
    @SignalMethod
    void mobileMoneyPaidLate(String depositId);
    /**
     * The card payment workflow of a card attempt says how it ended. For an attempt given up on, a capture completes
     * the order when it is still payable and is owed back to the payer otherwise; anything else is ignored.
     */
    @SignalMethod
    void cardAttemptEnded(String attemptId, AttemptOutcome outcome);

    /** The payer gave up; an attempt in flight finishes first (and, if it pays, wins). */
    @SignalMethod
    void cancel();

    @QueryMethod
    CheckoutStatus status();
}
