package com.paywire.workflows.accountvalidation;

import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import com.paywire.workflows.TaskQueues;
import io.temporal.workflow.Workflow;
import org.slf4j.Logger;

public class AccountValidationWorkflowImpl implements AccountValidationWorkflow {

    private static final Logger log = Workflow.getLogger(AccountValidationWorkflowImpl.class);

    private final AccountValidationActivities validations =
            Workflow.newActivityStub(AccountValidationActivities.class, Policies.database(TaskQueues.PLATFORM));

    @Override
    public String validate(AccountValidationCommand command) {
        AccountLookupActivities institutions = Workflow.newActivityStub(AccountLookupActivities.class,
                Policies.railCall(TaskQueues.PLATFORM, command.lookupWindow()));
        LookupOutcome outcome = RailCalls.orWhenUnreachable(() -> institutions.lookUp(command.validationId()),
                failure -> {
                    log.warn("The institution was away for account validation {} for its whole window",
                            command.validationId());
                    return LookupOutcome.institutionUnavailable();
                });
        validations.close(command.validationId(), outcome);
        Workflow.sleep(command.retention());
        validations.erasePersonalData(command.validationId());
        return outcome.resultCode();
    }
}
