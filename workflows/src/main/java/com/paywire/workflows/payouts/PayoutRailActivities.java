package com.paywire.workflows.payouts;

import com.paywire.vocabulary.rails.Rail;
import io.temporal.activity.ActivityInterface;

/** The rails, through their HTTP adapters. Both calls are safe to repeat: the rail deduplicates by reference. */
@ActivityInterface
public interface PayoutRailActivities {

    RailAcknowledgement sendPayout(PayoutLineCommand line);

    /** @param reference the line's {@link PayoutLineCommand#reference() reference}, which the rail knows it by */
    RailResult queryPayoutStatus(Rail rail, String reference);
}
