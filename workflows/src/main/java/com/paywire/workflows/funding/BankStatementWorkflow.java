package com.paywire.workflows.funding;

import com.paywire.vocabulary.funding.BankStatement;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One posted statement of the platform's bank account, started under the statement's own identity
 * ({@code bank-statement:{account}:{statement id}}, {@link com.paywire.workflows.WorkflowIds#bankStatement}): the
 * same statement posted while it runs finds it running and waits for its answer; posted after, it runs again and
 * finds every entry it moved already processed.
 */
@WorkflowInterface
public interface BankStatementWorkflow {

    /** Applies each entry in the statement's order, one step each, and answers what became of every one. */
    @WorkflowMethod
    BankStatementOutcome apply(BankStatement statement);
}
