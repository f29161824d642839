package com.paywire.workflows.paybacks;

import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * Money Paywire holds for a payer paid back through a rail, in two phases: held on the account it waits on before
 * the rail is asked, posted when it pays, released when it refuses, kept held while its answer is unknown. Named
 * by the pay-back ({@code pay-back:{id}}), so starting it twice starts it once.
 */
@WorkflowInterface
public interface PayBackWorkflow {

    String WORKFLOW_TYPE = "PayBackWorkflow";
    String RAIL_ANSWER_SIGNAL = "payBackRailAnswer";

    /** @return how it ended: PAID, REFUSED, or, only before RailAnswerWait's waits-for-an-operator, UNKNOWN
     *         when no answer came in 30 days (the money still held, referred) */
    @WorkflowMethod(name = WORKFLOW_TYPE)
    String payBack(String payBackId);

    /** The rail's result callback; an answer that is not final is ignored. */
    @SignalMethod(name = RAIL_ANSWER_SIGNAL)
    void railAnswer(PayBackAnswer answer);
}
