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

    /**
     * Asks the recipient's network what became of the top-up (its status query): a top-up or a refusal is the
     * outcome, and a network that never received it answers {@link TopUpOutcome#networkUnavailable}. A top-up the
     * network has not settled yet, or a network that does not answer, fails the activity as RAIL_UNAVAILABLE, to be
     * asked again.
     */
    @ActivityMethod(name = "QueryAirtimeTopUp")
    TopUpOutcome queryTopUp(String recipientId);
}
