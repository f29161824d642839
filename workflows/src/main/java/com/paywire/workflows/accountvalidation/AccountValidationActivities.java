package com.paywire.workflows.accountvalidation;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** The account validation's record. Each step is idempotent; its activity types name the request, as no two on one worker may share a name. */
@ActivityInterface
public interface AccountValidationActivities {

    /** Records the outcome (once) and calls the client back in the format it asked for. */
    @ActivityMethod(name = "CloseAccountValidation")
    void close(String validationId, LookupOutcome outcome);

    /** Erases the account number and holder's name, and those of the events reporting on the validation. */
    @ActivityMethod(name = "EraseAccountValidationPersonalData")
    void erasePersonalData(String validationId);
}
