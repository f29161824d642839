package com.paywire.workflows.lookups;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.TaskQueues;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;

/**
 * What the tests of a {@link PersonalDataLookup} workflow share: a time-skipping environment running the workflow
 * against in-memory activities ({@link LookupFake}), and each test's history kept for the replay tests when asked
 * ({@code -Dpaywire.recordHistories=path/to/histories}), named after the product and the test.
 *
 * @param <O> the rail's answer
 */
public abstract class LookupWorkflowTestBase<O> {

    protected static final Duration WINDOW = Duration.ofMinutes(2);
    protected static final Duration RETENTION = Duration.ofDays(30);

    private final Class<?> workflowImplementation;
    private final Class<?> railActivities;
    private final Class<?> recordActivities;
    private final String historyPrefix;
    protected TestWorkflowEnvironment env;
    protected String lastWorkflowId;
    /** The rail's and the record's activities, in memory. */
    protected final LookupFake<O> fake;

    /**
     * @param workflowImplementation the workflow implementation under test
     * @param historyPrefix          the product's prefix of the recorded histories' names ("kyc")
     * @param answer                 what the rail answers once its failing attempts are over
     */
    protected LookupWorkflowTestBase(Class<?> workflowImplementation, Class<?> railActivities,
                                     Class<?> recordActivities, String historyPrefix, O answer) {
        this.workflowImplementation = workflowImplementation;
        this.railActivities = railActivities;
        this.recordActivities = recordActivities;
        this.historyPrefix = historyPrefix;
        this.fake = new LookupFake<>(answer, () -> env.currentTimeMillis());
    }

    @BeforeEach
    void startTheEnvironment() {
        env = TestWorkflowEnvironment.newInstance();
        Worker worker = env.newWorker(TaskQueues.PLATFORM);
        worker.registerWorkflowImplementationTypes(workflowImplementation);
        worker.registerActivitiesImplementations(fake.implementing(railActivities, recordActivities));
        env.start();
    }

    @AfterEach
    void keepTheHistoryAndClose(TestInfo test) throws IOException {
        RecordedHistories.keepIfAsked(env, lastWorkflowId,
                historyPrefix + "-" + test.getTestMethod().orElseThrow().getName());
        env.close();
    }

    /** A stub of the workflow under this id on the platform queue; the id's history is the one kept. */
    protected <W> W start(Class<W> workflow, String workflowId) {
        lastWorkflowId = workflowId;
        return env.getWorkflowClient().newWorkflowStub(workflow, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.PLATFORM).setWorkflowId(workflowId).build());
    }

    /** The outcome was recorded, and the personal data erased no sooner than the retention after. */
    protected void assertClosedThenErasedAfterTheRetention() {
        assertThat(fake.steps).containsExactly("close", "erase");
        assertThat(Duration.ofMillis(fake.erasedAt - fake.closedAt)).isGreaterThanOrEqualTo(RETENTION);
    }

    protected void assertRetriedThroughTheWindow() {
        assertThat(fake.attempts.get()).as("an outage is retried through the window").isGreaterThan(3);
    }

    /** A failure other than an outage: tried once, nothing recorded. */
    protected void assertNothingRecordedAndNotRetried() {
        assertThat(fake.closed).as("nothing is recorded on a guess").isEmpty();
        assertThat(fake.attempts.get()).as("bad data is not retried").isEqualTo(1);
    }
}
