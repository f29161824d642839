package com.paywire.workflows.accountvalidation;

import com.paywire.workflows.lookups.PersonalDataLookup;
import io.temporal.workflow.Workflow;
import org.slf4j.Logger;

/** A {@link PersonalDataLookup} at the account's institution, whose answer is a lookup outcome. */
public class AccountValidationWorkflowImpl implements AccountValidationWorkflow {

    private static final Logger log = Workflow.getLogger(AccountValidationWorkflowImpl.class);

    @Override
    public String validate(AccountValidationCommand command) {
        LookupOutcome outcome = new PersonalDataLookup<>(AccountLookupActivities.class, command.lookupWindow(),
                AccountValidationActivities.class, command.retention())
                .run(command.validationId(), AccountLookupActivities::lookUp, failure -> {
                    log.warn("The institution was away for account validation {} for its whole window",
                            command.validationId());
                    return LookupOutcome.institutionUnavailable();
                }, AccountValidationActivities::close, AccountValidationActivities::erasePersonalData);
        return outcome.resultCode();
    }
}
