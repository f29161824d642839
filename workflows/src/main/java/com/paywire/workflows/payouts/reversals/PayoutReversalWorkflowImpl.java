package com.paywire.workflows.payouts.reversals;

import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.paybacks.PayBackAnswer;
import com.paywire.workflows.paybacks.RailAnswerWait;
import io.temporal.workflow.Workflow;

public class PayoutReversalWorkflowImpl implements PayoutReversalWorkflow {

    private final PayoutReversalActivities records =
            Workflow.newActivityStub(PayoutReversalActivities.class, Policies.database(TaskQueues.PAYOUTS));
    private final PayoutReversalRailActivities rail = Workflow.newActivityStub(PayoutReversalRailActivities.class,
            Policies.railCall(TaskQueues.PAYOUTS, Policies.PROMPT_SEND_GIVE_UP));
    private final RailAnswerWait answers = new RailAnswerWait();

    @Override
    public String reverse(String reversalId) {
        records.holdReversal(reversalId);
        PayBackAnswer asked = RailAnswerWait.ask(() -> rail.askToReverse(reversalId));
        // unlike a pay-back, asked again while the rail never heard of it: the rail may have been away when first asked
        PayBackAnswer last = asked.decides() ? asked : answers.untilDecided(() -> rail.reversalStatus(reversalId),
                () -> rail.askToReverse(reversalId), reason -> records.keepReversalHeld(reversalId, reason));
        if (last == null) {
            return PayBackAnswer.State.UNKNOWN.name();
        }
        records.closeReversal(reversalId, last);
        return last.state().name();
    }

    @Override
    public void railAnswer(PayBackAnswer answer) {
        answers.railAnswer(answer);
    }
}
