package com.paywire.workflows.payouts;

import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** One per payment order: pays each line through its own child workflow, a bounded number at a time. */
@WorkflowInterface
public interface PaymentOrderWorkflow {

    @WorkflowMethod
    void process(PaymentOrderCommand order);

    /** A line reached a final status; its slot goes to the next waiting line. */
    @SignalMethod
    void lineSettled(String systemTraceAuditNumber);
}
