package com.paywire.workflows.paybacks;

import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import io.temporal.workflow.Workflow;

public class PayBackWorkflowImpl implements PayBackWorkflow {

    private final PayBackActivities records =
            Workflow.newActivityStub(PayBackActivities.class, Policies.database(TaskQueues.COLLECTIONS));
    private final PayBackRailActivities rail = Workflow.newActivityStub(PayBackRailActivities.class,
            Policies.railCall(TaskQueues.COLLECTIONS, Policies.PROMPT_SEND_GIVE_UP));
    private final RailAnswerWait answers = new RailAnswerWait();

    @Override
    public String payBack(String payBackId) {
        records.holdPayBack(payBackId);
        PayBackAnswer asked = RailAnswerWait.ask(() -> rail.askToPayBack(payBackId));
        PayBackAnswer last = asked.decides() ? asked : answers.untilDecided(() -> rail.payBackStatus(payBackId),
                null, reason -> records.keepPayBackHeld(payBackId, reason));
        if (last == null) {
            return PayBackAnswer.State.UNKNOWN.name();
        }
        records.closePayBack(payBackId, last);
        return last.state().name();
    }

    @Override
    public void railAnswer(PayBackAnswer answer) {
        answers.railAnswer(answer);
    }
}
