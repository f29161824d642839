package com.paywire.workflows.collections;

import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * A phone prompt's success that reached Paywire after its deposit's workflow had ended: started by the rail's
 * callback (one per deposit at a time), so that the money is credited durably and never in the callback's request.
 * A definite failure of a prompt closed with its outcome unknown, after its workflow ended, is reconciled by it too
 * (under WorkflowIds.latePromptFailure): its held credit is released.
 */
@WorkflowInterface
public interface LatePromptWorkflow {

    /**
     * A success: records the deposit paid; credits its client, or gives the payment to the checkout order it was an
     * attempt at. A definite failure: releases the deposit's held credit if it is still pending
     * (DepositActivities.releaseUnconfirmed), nothing else.
     */
    @WorkflowMethod
    void reconcile(String depositId, PromptResult result);
}
