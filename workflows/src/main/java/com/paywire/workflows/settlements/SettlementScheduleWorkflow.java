package com.paywire.workflows.settlements;

import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * A client's settlement schedule, {@code settlement-schedule:{clientId}}: a timer to the next cut-off of its
 * schedule, a settlement there, then continue-as-new. Started when instructions are first set, told of every
 * change by {@link #instructionsChanged}; a MANUAL schedule sets no timer and waits to be told.
 */
@WorkflowInterface
public interface SettlementScheduleWorkflow {

    String INSTRUCTIONS_CHANGED_SIGNAL = "instructionsChanged";

    @WorkflowMethod
    void run(String clientId);

    @SignalMethod(name = INSTRUCTIONS_CHANGED_SIGNAL)
    void instructionsChanged();
}
