package com.paywire.workflows.payouts;

import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * A payout rail's final answer that reached Paywire after the line's workflow had ended (after its reconciliation
 * window, after Cancelled, after Failed for an unreachable rail): started by the rail's callback, one per line, so
 * that the money is decided durably and never in the callback's request.
 */
@WorkflowInterface
public interface LatePayoutAnswerWorkflow {

    /**
     * Posts or releases the line's kept hold; books a success after the hold was released from the working account,
     * or refers it to operations; changes nothing for a line decided already.
     */
    @WorkflowMethod
    void reconcile(String reference, RailResult answer);
}
