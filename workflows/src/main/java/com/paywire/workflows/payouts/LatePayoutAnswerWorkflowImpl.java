package com.paywire.workflows.payouts;

import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import io.temporal.workflow.Workflow;

public class LatePayoutAnswerWorkflowImpl implements LatePayoutAnswerWorkflow {

    private final PayoutActivities payouts =
            Workflow.newActivityStub(PayoutActivities.class, Policies.database(TaskQueues.PAYOUTS));

    @Override
    public void reconcile(String reference, RailResult answer) {
        // one step, one transaction under the line's lock: whoever decides the line's money first (this, an
        // operator's resolution) decides it; the second finds it decided
        payouts.reconcileLateAnswer(reference, answer);
    }
}
