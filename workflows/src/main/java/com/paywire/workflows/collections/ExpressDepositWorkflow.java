package com.paywire.workflows.collections;

import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** One per express deposit: prompt the payer, wait for the answer, credit the client, call it back. */
@WorkflowInterface
public interface ExpressDepositWorkflow {

    /** The names the API starts and signals it by, with an untyped stub (see PaymentOrderLineWorkflow's). */
    String WORKFLOW_TYPE = "ExpressDepositWorkflow";
    String PROMPT_RESULT_SIGNAL = "promptResult";

    @WorkflowMethod
    String process(DepositCommand deposit);

    /** The rail's result callback; duplicates are ignored. */
    @SignalMethod
    void promptResult(PromptResult result);
}
