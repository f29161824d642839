package com.paywire.workflows.disputes;

import com.paywire.vocabulary.cards.DisputeEvidence;
import com.paywire.vocabulary.cards.DisputeStatus;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.UpdateMethod;
import io.temporal.workflow.UpdateValidatorMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One card dispute, from the processor's notification to its end: the debit and {@code dispute.created}, then the
 * merchant's answer (evidence or acceptance, Updates from the card API) until the evidence due date on a timer,
 * and the processor's decision (a signal from its callback). No answer by the due date loses it. Named by the
 * processor's dispute id ({@code card-dispute:{id}}), so a repeated notification starts nothing.
 */
@WorkflowInterface
public interface DisputeWorkflow {

    String WORKFLOW_TYPE = "DisputeWorkflow";
    String DECISION_SIGNAL = "disputeDecision";
    String EVIDENCE_UPDATE = "submitDisputeEvidence";
    String ACCEPT_UPDATE = "acceptDispute";

    /** @return how it ended: WON or LOST */
    @WorkflowMethod(name = WORKFLOW_TYPE)
    String run(String disputeId);

    /** The processor decided (WON or LOST); anything else, or a second decision, is ignored. */
    @SignalMethod(name = DECISION_SIGNAL)
    void processorDecision(DisputeStatus decision);

    /** The merchant's evidence, sent to the processor: the dispute is then UNDER_REVIEW until it decides. */
    @UpdateMethod(name = EVIDENCE_UPDATE)
    DisputeStatus submitEvidence(DisputeEvidence evidence);

    /** Refuses evidence after the due date, after an answer, or once decided. */
    @UpdateValidatorMethod(updateName = EVIDENCE_UPDATE)
    void validateEvidence(DisputeEvidence evidence);

    /** The merchant accepts the dispute: LOST at once (flagged accepted), and the processor is told. */
    @UpdateMethod(name = ACCEPT_UPDATE)
    DisputeStatus accept();

    /** Refuses an acceptance after the due date, after an answer, or once decided. */
    @UpdateValidatorMethod(updateName = ACCEPT_UPDATE)
    void validateAccept();
}
