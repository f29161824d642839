package com.paywire.workflows.accountvalidation;

import io.temporal.activity.ActivityInterface;

/** The institutions' account lookups: the mobile-money operators' and the banks'. */
@ActivityInterface
public interface AccountLookupActivities {

    /**
     * Asks the account's institution who holds it, and stores the holder's name sealed with the validation (the
     * same name again on a retry). Retried while the institution is away.
     */
    LookupOutcome lookUp(String validationId);
}
