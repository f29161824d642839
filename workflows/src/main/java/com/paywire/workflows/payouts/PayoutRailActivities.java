package com.paywire.workflows.payouts;

import io.temporal.activity.ActivityInterface;

/** The rails, through their HTTP adapters. Both calls are safe to repeat: the rail deduplicates by reference. */
@ActivityInterface
public interface PayoutRailActivities {

    RailAcknowledgement sendPayout(PayoutLineCommand line);

    RailResult queryPayoutStatus(Rail rail, String systemTraceAuditNumber);
}
