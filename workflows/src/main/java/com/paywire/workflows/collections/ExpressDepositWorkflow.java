package com.paywire.workflows.collections;

import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** One per express deposit: prompt the payer, wait for the answer, credit the client, call it back. */
@WorkflowInterface
public interface ExpressDepositWorkflow {

    @WorkflowMethod
    String process(DepositCommand deposit);

    /** The rail's result callback; duplicates are ignored. */
    @SignalMethod
    void promptResult(PromptResult result);
}
