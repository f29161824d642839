package com.paywire.workflows.payouts.reversals;

import com.paywire.workflows.paybacks.PayBackAnswer;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * An operator's reversal of a completed mobile-money payout line, in two phases: the amount held from the rail's
 * settlement for the client's working account before the rail is asked, posted when the rail reverses it, voided
 * when it refuses, kept held while its answer is unknown. Named by the reversal
 * ({@code payout-reversal:{clientId}:{reversalId}}), so starting it twice starts it once.
 */
@WorkflowInterface
public interface PayoutReversalWorkflow {

    String WORKFLOW_TYPE = "PayoutReversalWorkflow";
    String RAIL_ANSWER_SIGNAL = "payoutReversalRailAnswer";

    /** @return how it ended: PAID (reversed), REFUSED, or, only before RailAnswerWait's waits-for-an-operator,
     *         UNKNOWN when no answer came in 30 days (the money still held) */
    @WorkflowMethod(name = WORKFLOW_TYPE)
    String reverse(String reversalId);

    /** The rail's result callback; an answer that is not final is ignored. */
    @SignalMethod(name = RAIL_ANSWER_SIGNAL)
    void railAnswer(PayBackAnswer answer);
}
