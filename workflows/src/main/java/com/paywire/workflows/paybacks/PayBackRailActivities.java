package com.paywire.workflows.paybacks;

import io.temporal.activity.ActivityInterface;

/**
 * The rail calls that pay a payer back: the mobile-money rail's reversal of the payer's payment (or a B2C payout to
 * the payer's phone where there is no receipt to reverse), the card processor's refund of a capture. Each carries
 * the pay-back's id as its idempotency key, so asking again is harmless.
 */
@ActivityInterface
public interface PayBackRailActivities {

    /** Asks the rail to pay the payer back: accepted (the result comes later), or refused. */
    PayBackAnswer askToPayBack(String payBackId);

    /** What the rail says of it now: pending, paid, refused, or unknown (never heard of it). */
    PayBackAnswer payBackStatus(String payBackId);
}
