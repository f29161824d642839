package com.paywire.workflows.accountvalidation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.workflows.FailureType;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** The account validation workflow alone, against in-memory activities, with time skipping. */
class AccountValidationWorkflowTest {

    static final Duration WINDOW = Duration.ofMinutes(2);
    static final Duration RETENTION = Duration.ofDays(30);

    /** An institution that fails as told, or times out, for its first attempts, then answers. */
    final class Institution implements AccountLookupActivities, AccountValidationActivities {
        volatile FailureType failure;
        volatile int failingAttempts;
        final AtomicInteger attempts = new AtomicInteger();
        final Map<String, LookupOutcome> closed = new ConcurrentHashMap<>();
        final List<String> steps = new CopyOnWriteArrayList<>();
        volatile long closedAt;
        volatile long erasedAt;

        @Override
        public LookupOutcome lookUp(String validationId) {
            if (attempts.incrementAndGet() <= failingAttempts) {
                throw failure.failure("institution failed as " + failure, null);
            }
            return new LookupOutcome(LookupOutcome.FOUND, "The account is valid", "AL1");
        }

        @Override
        public void close(String validationId, LookupOutcome outcome) {
            closed.put(validationId, outcome);
            closedAt = env.currentTimeMillis();
            steps.add("close");
        }

        @Override
        public void erasePersonalData(String validationId) {
            erasedAt = env.currentTimeMillis();
            steps.add("erase");
        }
    }

    TestWorkflowEnvironment env;
    Institution institution;
    String lastWorkflowId;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        institution = new Institution();
        Worker worker = env.newWorker(TaskQueues.PLATFORM);
        worker.registerWorkflowImplementationTypes(AccountValidationWorkflowImpl.class);
        worker.registerActivitiesImplementations(institution);
        env.start();
    }

    /** Keeps the workflow's history for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        RecordedHistories.keepIfAsked(env, lastWorkflowId,
                "account-validation-" + test.getTestMethod().orElseThrow().getName());
        env.close();
    }

    @Test
    void givenTheInstitutionAnswers_theOutcomeShouldBeRecorded_andTheHolderErasedOnlyWhenTheRetentionEnds() {
        String code = start("stan-1").validate(command("stan-1"));

        assertThat(code).isEqualTo(LookupOutcome.FOUND);
        assertThat(institution.closed.get("val-stan-1").transactionId()).isEqualTo("AL1");
        assertThat(institution.steps).containsExactly("close", "erase");
        assertThat(Duration.ofMillis(institution.erasedAt - institution.closedAt)).isGreaterThanOrEqualTo(RETENTION);
    }

    @Test
    void givenTheInstitutionNeverAnswersWithinTheWindow_theValidationShouldFailWith91_afterRetrying() {
        institution.failure = FailureType.RAIL_UNAVAILABLE;
        institution.failingAttempts = Integer.MAX_VALUE;

        String code = start("stan-2").validate(command("stan-2"));

        assertThat(code).isEqualTo(LookupOutcome.INSTITUTION_UNAVAILABLE);
        assertThat(institution.closed.get("val-stan-2").institutionAnswered()).isFalse();
        assertThat(institution.attempts.get()).as("an outage is retried through the window").isGreaterThan(3);
    }

    @Test
    void givenAnAnswerThatCannotBeRead_theValidationShouldFailVisibly() {
        institution.failure = FailureType.BAD_DATA;
        institution.failingAttempts = Integer.MAX_VALUE;

        assertThatThrownBy(() -> start("stan-3").validate(command("stan-3")))
                .isInstanceOf(WorkflowFailedException.class);

        assertThat(institution.closed).isEmpty();
        assertThat(institution.attempts.get()).isEqualTo(1);
    }

    private AccountValidationWorkflow start(String stan) {
        lastWorkflowId = WorkflowIds.accountValidation("client-1", stan);
        return env.getWorkflowClient().newWorkflowStub(AccountValidationWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.PLATFORM).setWorkflowId(lastWorkflowId).build());
    }

    private static AccountValidationCommand command(String stan) {
        return new AccountValidationCommand("val-" + stan, "client-1", stan, WINDOW, RETENTION);
    }
}
