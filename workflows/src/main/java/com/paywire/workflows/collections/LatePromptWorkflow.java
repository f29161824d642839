package com.paywire.workflows.collections;

import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * A phone prompt's success that reached Paywire after its deposit's workflow had ended: started by the rail's
 * callback (one per deposit at a time), so that the money is credited durably and never in the callback's request.
 */
@WorkflowInterface
public interface LatePromptWorkflow {

    /** Records the deposit paid; credits its client, or gives the payment to the checkout order it was an attempt at. */
    @WorkflowMethod
    void reconcile(String depositId, PromptResult result);
}
