package com.paywire.activities.rails;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.rails.PayoutRail;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.PayoutRailActivities;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/** The payout rails, as activities; each line goes to the {@link PayoutRail} of its rail. */
@Component
public class PayoutRailActivitiesImpl implements PayoutRailActivities {

    private final Map<Rail, PayoutRail> rails = new EnumMap<>(Rail.class);

    public PayoutRailActivitiesImpl(List<PayoutRail> rails) {
        rails.forEach(rail -> this.rails.put(rail.rail(), rail));
    }

    @Override
    public RailAcknowledgement sendPayout(PayoutLineCommand line) {
        return reported(() -> rails.get(line.rail()).send(line));
    }

    @Override
    public RailResult queryPayoutStatus(Rail rail, String reference) {
        return reported(() -> rails.get(rail).status(reference));
    }
}
