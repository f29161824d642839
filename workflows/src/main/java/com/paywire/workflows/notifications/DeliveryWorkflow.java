package com.paywire.workflows.notifications;

import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** One per event and target: attempts on the retry ladder of docs/webhooks.md, after the payment's earlier events. */
@WorkflowInterface
public interface DeliveryWorkflow {

    @WorkflowMethod
    DeliveryOutcome deliver(DeliveryCommand delivery);

    /** The delivery this one waits for has settled. */
    @SignalMethod
    void predecessorSettled();
}
