package com.paywire.workflows.airtime;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** The networks' airtime rails. */
@ActivityInterface
public interface AirtimeRailActivities {

    /**
     * Asks the recipient's network to top the number up, with the recipient's id as the idempotency key. The
     * network's answer, a top-up or a refusal, is the outcome; a network that does not answer fails the activity
     * as RAIL_UNAVAILABLE, to be retried.
     */
    @ActivityMethod(name = "TopUpAirtime")
    TopUpOutcome topUp(String recipientId);
}
