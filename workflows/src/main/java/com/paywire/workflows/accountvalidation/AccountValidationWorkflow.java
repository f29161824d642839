package com.paywire.workflows.accountvalidation;

import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One lookup of an account's holder at its institution (a mobile-money operator or a bank): ask, record and call
 * back the answer, then keep the account number and holder's name only until the retention ends. As with KYC,
 * the history holds codes only.
 */
@WorkflowInterface
public interface AccountValidationWorkflow {

    /** @return the lookup's result code */
    @WorkflowMethod
    String validate(AccountValidationCommand command);
}
