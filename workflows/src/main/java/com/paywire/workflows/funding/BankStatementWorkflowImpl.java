package com.paywire.workflows.funding;

import com.paywire.vocabulary.funding.BankEntry;
import com.paywire.vocabulary.funding.BankEntryResult;
import com.paywire.vocabulary.funding.BankStatement;
import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;

public class BankStatementWorkflowImpl implements BankStatementWorkflow {

    private final BankStatementActivities activities =
            Workflow.newActivityStub(BankStatementActivities.class, Policies.database(TaskQueues.COLLECTIONS));

    @Override
    public BankStatementOutcome apply(BankStatement statement) {
        String key = statementKey(statement);
        String run = Workflow.getInfo().getRunId();
        List<BankEntryResult> results = new ArrayList<>();
        for (BankEntry entry : statement.entries()) {
            results.add(activities.applyBankEntry(key, run, statement.account(), statement.statementId(), entry));
        }
        return new BankStatementOutcome(statement.account(), statement.statementId(), results);
    }

    /** The statement's identity: its account and its id. */
    public static String statementKey(BankStatement statement) {
        return statement.account() + ":" + statement.statementId();
    }
}
