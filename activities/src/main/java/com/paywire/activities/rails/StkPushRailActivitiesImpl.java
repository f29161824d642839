package com.paywire.activities.rails;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.rails.mobilemoney.PromptRail;
import com.paywire.workflows.collections.DepositCommand;
import com.paywire.workflows.collections.PromptAcknowledgement;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.collections.StkPushRailActivities;
import org.springframework.stereotype.Component;

/** The mobile-money rail's phone prompt, as activities; the rail is {@link PromptRail}. */
@Component
public class StkPushRailActivitiesImpl implements StkPushRailActivities {

    private final PromptRail rail;

    public StkPushRailActivitiesImpl(PromptRail rail) {
        this.rail = rail;
    }

    @Override
    public PromptAcknowledgement sendPrompt(DepositCommand deposit) {
        return reported(() -> rail.send(deposit));
    }

    @Override
    public PromptResult queryPrompt(String depositId) {
        return reported(() -> rail.status(depositId));
    }
}
