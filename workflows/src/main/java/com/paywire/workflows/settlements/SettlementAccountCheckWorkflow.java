package com.paywire.workflows.settlements;

import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** The check of a bank account, {@code settlement-account-check:{clientId}:{checkId}}, which the API waits for. */
@WorkflowInterface
public interface SettlementAccountCheckWorkflow {

    @WorkflowMethod
    AccountCheck check(AccountCheckCommand command);
}
