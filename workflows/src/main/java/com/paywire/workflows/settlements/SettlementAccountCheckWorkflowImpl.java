package com.paywire.workflows.settlements;

import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import com.paywire.workflows.TaskQueues;
import io.temporal.workflow.Workflow;

public class SettlementAccountCheckWorkflowImpl implements SettlementAccountCheckWorkflow {

    @Override
    public AccountCheck check(AccountCheckCommand command) {
        AccountCheckActivities registry = Workflow.newActivityStub(AccountCheckActivities.class,
                Policies.railCall(TaskQueues.PAYOUTS, command.window()));
        return RailCalls.orWhenUnreachable(() -> registry.checkSettlementAccount(command),
                failure -> AccountCheck.UNAVAILABLE);
    }
}
