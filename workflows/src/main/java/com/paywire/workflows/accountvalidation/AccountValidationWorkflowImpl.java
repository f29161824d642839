package com.paywire.workflows.accountvalidation;

import com.paywire.workflows.FailureType;
import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import io.temporal.failure.ActivityFailure;
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
        LookupOutcome outcome;
        try {
            outcome = institutions.lookUp(command.validationId());
        } catch (ActivityFailure failure) {
            if (!FailureType.railUnreachable(failure)) {
                throw failure;
            }
            log.warn("The institution was away for account validation {} for its whole window", command.validationId());
            outcome = LookupOutcome.institutionUnavailable();
        }
        validations.close(command.validationId(), outcome);
        Workflow.sleep(command.retention());
        validations.erasePersonalData(command.validationId());
        return outcome.resultCode();
    }
}
