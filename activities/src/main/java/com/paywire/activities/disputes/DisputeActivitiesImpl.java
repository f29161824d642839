package com.paywire.activities.disputes;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.disputes.CardDisputes;
import com.paywire.vocabulary.cards.DisputeEvidence;
import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.workflows.disputes.DisputeActivities;
import com.paywire.workflows.disputes.DisputeFacts;
import org.springframework.stereotype.Component;

/** Delegates to {@link CardDisputes}; each step is one transaction, and idempotent on the dispute. */
@Component
public class DisputeActivitiesImpl implements DisputeActivities {

    private final CardDisputes disputes;

    public DisputeActivitiesImpl(CardDisputes disputes) {
        this.disputes = disputes;
    }

    @Override
    public DisputeFacts openDispute(String disputeId) {
        return reported(() -> disputes.open(disputeId));
    }

    @Override
    public void evidenceSent(String disputeId, DisputeEvidence evidence) {
        reported(() -> disputes.evidenceSent(disputeId, evidence));
    }

    @Override
    public void decide(String disputeId, DisputeStatus decision, boolean accepted) {
        reported(() -> disputes.decide(disputeId, decision, accepted));
    }
}
