package com.paywire.workflows.disputes;

import com.paywire.vocabulary.cards.DisputeEvidence;
import com.paywire.vocabulary.cards.DisputeStatus;
import io.temporal.activity.ActivityInterface;

/** What Paywire tells the card processor about a dispute; each call is keyed by the processor's dispute id. */
@ActivityInterface
public interface DisputeProcessorActivities {

    void submitEvidence(String processorDisputeId, DisputeEvidence evidence);

    void acceptDispute(String processorDisputeId);

    /** The processor's decision when its callback has not come: WON, LOST, or UNDER_REVIEW while undecided. */
    DisputeStatus decisionOf(String processorDisputeId);
}
