package com.paywire.workflows.checkout;

import com.paywire.workflows.collections.DepositCommand;
import io.temporal.activity.ActivityInterface;

/** A checkout order's read model, its payments and the merchant's callback. Idempotent: a retry finds its work done. */
@ActivityInterface
public interface CheckoutActivities {

    /** Records a status other than Completed, then calls the merchant back with the order as it now stands. */
    void recordCheckoutStatus(StatusChange change);

    /**
     * Kept for attempts begun before card attempts were child workflows.
     * Authorises the order's total on the card and captures it. The attempt's id keys both, so a retry charges
     * once. A decline, or card details that can no longer be used, is an outcome, not a failure.
     */
    AttemptOutcome chargeCard(CheckoutCommand order, CardAttempt attempt);

    /**
     * Turns a card attempt into the authorisation its card payment workflow runs, as the checkout's child: the
     * card's vault reference, its 3-D Secure result, and the ids of the capture, void and refund the workflow may
     * make. Card details that can no longer be used answer an outcome instead.
     */
    CardCharge openCardAttempt(CheckoutCommand order, CardAttempt attempt, String checkoutWorkflowId);

    /** Records the express deposit a mobile-money attempt becomes, and answers what its workflow is to do. */
    DepositCommand openMobileMoneyAttempt(CheckoutCommand order, MobileMoneyAttempt attempt);

    /** The outcome of a mobile-money attempt's deposit once its workflow ended (the M-PESA receipt when paid). */
    AttemptOutcome mobileMoneyOutcome(String depositId);

    /**
     * In one transaction records the order Completed and credits the client's utility account with the total
     * less the fee, once; then calls the merchant back.
     */
    void completeCheckout(StatusChange completion);

    /**
     * A mobile-money attempt's payment that the order cannot take (another attempt paid it, or it is closed) is
     * owed back to the payer, once, unless it is the payment that completed the order.
     */
    void oweBackLatePayment(String checkoutId, String depositId);

    /**
     * A card attempt's capture that the order cannot take (the checkout gave up on the attempt, then another paid
     * the order or it closed) is owed back to the payer, once, unless it is the capture that completed the order.
     */
    void oweBackLateCardPayment(String checkoutId, String captureId);
}
