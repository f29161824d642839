package com.paywire.workflows.disputes;

import com.paywire.vocabulary.cards.DisputeEvidence;
import com.paywire.vocabulary.cards.DisputeStatus;
import io.temporal.activity.ActivityInterface;

/** A card dispute's record and money. Each is idempotent on the dispute: a retry records and moves nothing twice. */
@ActivityInterface
public interface DisputeActivities {

    /**
     * Debits the disputed amount and the dispute fee from the merchant (its receivable when its utility account is
     * short), at once: the processor has already taken the money. Debited once however often it runs.
     */
    DisputeFacts openDispute(String disputeId);

    /** Keeps the evidence the processor was sent: the dispute is UNDER_REVIEW. */
    void evidenceSent(String disputeId, DisputeEvidence evidence);

    /** Records the decision, once; a WON dispute's amount (not its fee) is credited back, once. */
    void decide(String disputeId, DisputeStatus decision, boolean accepted);
}
