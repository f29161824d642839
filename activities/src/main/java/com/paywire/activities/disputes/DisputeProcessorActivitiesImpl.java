package com.paywire.activities.disputes;

import com.paywire.domain.rails.cardprocessor.CardProcessor;
import com.paywire.vocabulary.cards.DisputeEvidence;
import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.workflows.disputes.DisputeProcessorActivities;
import org.springframework.stereotype.Component;

/** The card processor's dispute calls ({@link CardProcessor}) as activities. */
@Component
public class DisputeProcessorActivitiesImpl implements DisputeProcessorActivities {

    private final CardProcessor processor;

    public DisputeProcessorActivitiesImpl(CardProcessor processor) {
        this.processor = processor;
    }

    @Override
    public void submitEvidence(String processorDisputeId, DisputeEvidence evidence) {
        processor.submitDisputeEvidence(processorDisputeId, evidence);
    }

    @Override
    public void acceptDispute(String processorDisputeId) {
        processor.acceptDispute(processorDisputeId);
    }

    @Override
    public DisputeStatus decisionOf(String processorDisputeId) {
        return processor.disputeDecision(processorDisputeId);
    }
}
