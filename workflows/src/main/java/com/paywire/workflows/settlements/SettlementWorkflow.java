package com.paywire.workflows.settlements;

import com.paywire.vocabulary.settlements.SettlementStatus;
import com.paywire.workflows.payouts.RailResult;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One settlement, as a payout line's lifecycle: hold amount and fee on the utility account, ask the bank rail,
 * post on its success, release on a definite failure, keep held on an unknown outcome until a status query or a
 * late answer says. Id {@code settlement:{clientId}:{settlementId}}: started twice, it runs once.
 */
@WorkflowInterface
public interface SettlementWorkflow {

    /** The bank rail's answer, by callback (the same signal name as a payout line's). */
    String RAIL_RESULT_SIGNAL = "railResult";

    @WorkflowMethod
    SettlementStatus settle(SettlementCommand command);

    @SignalMethod(name = RAIL_RESULT_SIGNAL)
    void railResult(RailResult result);
}
