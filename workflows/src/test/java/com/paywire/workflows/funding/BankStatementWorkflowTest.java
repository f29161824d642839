package com.paywire.workflows.funding;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.funding.BankEntry;
import com.paywire.vocabulary.funding.BankEntryOutcome;
import com.paywire.vocabulary.funding.BankEntryResult;
import com.paywire.vocabulary.funding.BankStatement;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * A statement's workflow applies every entry in order, one step each, telling the step its run, so that a retry
 * of a step is told apart from a second run of the statement; the in-memory activity moves an entry once, as the
 * database's key on the bank reference does.
 */
class BankStatementWorkflowTest {

    static final BankStatement STATEMENT = new BankStatement("0100200300400", "STMT-1", "camt.053.001.02", List.of(
            new BankEntry("SBK1", true, true, new BigDecimal("1500.00"), "KES", "PW12345671", LocalDate.of(2026, 12, 1)),
            new BankEntry("SBK2", false, true, new BigDecimal("20.00"), "KES", "charges", LocalDate.of(2026, 12, 1)),
            new BankEntry("SBK3", true, true, new BigDecimal("30.00"), "KES", "no reference", null)));

    static final class InMemory implements BankStatementActivities {
        final Set<String> moved = new HashSet<>();
        final List<String> runs = new CopyOnWriteArrayList<>();
        final AtomicInteger failFirst = new AtomicInteger();

        @Override
        public synchronized BankEntryResult applyBankEntry(String statementKey, String run, String account,
                                                           String statementId, BankEntry entry) {
            runs.add(run);
            if (failFirst.getAndDecrement() > 0) {
                throw new IllegalStateException("the database is away");
            }
            if (!entry.credit()) {
                return new BankEntryResult(entry.entryReference(), false, entry.amount(), entry.currency(),
                        BankEntryOutcome.IGNORED_DEBIT, null, null, "money out");
            }
            boolean first = moved.add(entry.entryReference());
            boolean named = entry.remittance().startsWith("PW");
            BankEntryOutcome outcome = !first ? BankEntryOutcome.ALREADY_PROCESSED
                    : named ? BankEntryOutcome.CREDITED : BankEntryOutcome.SUSPENDED;
            return new BankEntryResult(entry.entryReference(), true, entry.amount(), entry.currency(), outcome,
                    named ? "client-1" : null, named ? "PW12345671" : null, null);
        }
    }

    TestWorkflowEnvironment env;
    InMemory activities;
    String workflowId;
    String name;

    @BeforeEach
    void start(TestInfo test) {
        name = test.getTestMethod().orElseThrow().getName();
        env = TestWorkflowEnvironment.newInstance();
        activities = new InMemory();
        Worker worker = env.newWorker(TaskQueues.COLLECTIONS);
        worker.registerWorkflowImplementationTypes(BankStatementWorkflowImpl.class);
        worker.registerActivitiesImplementations(activities);
        env.start();
    }

    @AfterEach
    void stop() throws Exception {
        RecordedHistories.keepIfAsked(env, workflowId, "bank-statement-" + name);
        env.close();
    }

    @Test
    void givenAStatement_eachEntryShouldBeAppliedInOrder_andItsOutcomeAnswered() {
        BankStatementOutcome outcome = run(STATEMENT);

        assertThat(outcome.statementId()).isEqualTo("STMT-1");
        assertThat(outcome.entries()).extracting(BankEntryResult::outcome).containsExactly(
                BankEntryOutcome.CREDITED, BankEntryOutcome.IGNORED_DEBIT, BankEntryOutcome.SUSPENDED);
        assertThat(outcome.entries().getFirst().amount()).isEqualByComparingTo("1500.00");
        assertThat(new HashSet<>(activities.runs)).hasSize(1);
    }

    @Test
    void givenAStepThatFailsFirst_itsRetryShouldBeToldTheSameRun_andTheStatementGoOn() {
        activities.failFirst.set(2);

        BankStatementOutcome outcome = run(STATEMENT);

        assertThat(outcome.entries()).extracting(BankEntryResult::outcome).containsExactly(
                BankEntryOutcome.CREDITED, BankEntryOutcome.IGNORED_DEBIT, BankEntryOutcome.SUSPENDED);
        assertThat(activities.runs).hasSize(5);
        assertThat(new HashSet<>(activities.runs)).hasSize(1);
    }

    @Test
    void givenTheStatementRunAgain_itsEntriesShouldAnswerAlreadyProcessed() {
        run(STATEMENT);
        BankStatementOutcome again = run(STATEMENT);

        assertThat(again.entries()).extracting(BankEntryResult::outcome).containsExactly(
                BankEntryOutcome.ALREADY_PROCESSED, BankEntryOutcome.IGNORED_DEBIT, BankEntryOutcome.ALREADY_PROCESSED);
        assertThat(new HashSet<>(activities.runs)).hasSize(2);
    }

    private BankStatementOutcome run(BankStatement statement) {
        workflowId = WorkflowIds.bankStatement(statement.account(), statement.statementId());
        BankStatementWorkflow workflow = env.getWorkflowClient().newWorkflowStub(BankStatementWorkflow.class,
                WorkflowOptions.newBuilder().setWorkflowId(workflowId).setTaskQueue(TaskQueues.COLLECTIONS).build());
        WorkflowClient.start(workflow::apply, statement);
        return io.temporal.client.WorkflowStub.fromTyped(workflow).getResult(BankStatementOutcome.class);
    }
}
