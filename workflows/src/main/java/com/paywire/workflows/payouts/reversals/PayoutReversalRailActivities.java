package com.paywire.workflows.payouts.reversals;

import com.paywire.workflows.paybacks.PayBackAnswer;
import io.temporal.activity.ActivityInterface;

/**
 * The mobile-money rail's reversal of a payout, under the reversal's rail reference as the idempotency key, so
 * asking again is harmless.
 */
@ActivityInterface
public interface PayoutReversalRailActivities {

    /** Asks the rail to take the payout back from the wallet: accepted (the result comes later), or refused. */
    PayBackAnswer askToReverse(String reversalId);

    /** What the rail says of it now: pending, reversed (PAID), refused, or unknown (never heard of it). */
    PayBackAnswer reversalStatus(String reversalId);
}
