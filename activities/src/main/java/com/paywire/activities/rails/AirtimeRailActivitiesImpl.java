package com.paywire.activities.rails;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.rails.airtime.AirtimeRail;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.airtime.AirtimeRecipient;
import com.paywire.persistence.airtime.AirtimeStore;
import com.paywire.workflows.airtime.AirtimeRailActivities;
import com.paywire.workflows.airtime.TopUpOutcome;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The networks' airtime rail ({@link AirtimeRail}) as activities: the number and amount come from the store, the
 * outcome's codes and receipt go to the workflow.
 */
@Component
public class AirtimeRailActivitiesImpl implements AirtimeRailActivities {

    private final AirtimeStore purchases;
    private final AirtimeRail rail;

    public AirtimeRailActivitiesImpl(AirtimeStore purchases, AirtimeRail rail) {
        this.purchases = purchases;
        this.rail = rail;
    }

    @Override
    public TopUpOutcome topUp(String recipientId) {
        return reported(() -> rail.topUp(recipientId, recipient(recipientId)));
    }

    @Override
    public TopUpOutcome queryTopUp(String recipientId) {
        return reported(() -> rail.status(recipientId, recipient(recipientId)));
    }

    private AirtimeRecipient recipient(String recipientId) {
        return purchases.findRecipient(UUID.fromString(recipientId))
                .orElseThrow(() -> new InvariantViolationException("no airtime recipient " + recipientId));
    }
}
