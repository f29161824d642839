package com.paywire.workflows.lookups;

import com.paywire.workflows.FailureType;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.TaskQueues;
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
import org.junit.jupiter.api.TestInfo;

/**
 * What the tests of a {@link PersonalDataLookup} workflow share: a time-skipping environment running the workflow
 * against in-memory activities ({@link Fake}), and each test's history kept for the replay tests when asked
 * ({@code -Dpaywire.recordHistories=path/to/histories}), named after the product and the test.
 *
 * @param <O> the rail's answer
 */
public abstract class LookupWorkflowTestBase<O> {

    protected static final Duration WINDOW = Duration.ofMinutes(2);
    protected static final Duration RETENTION = Duration.ofDays(30);

    private final Class<?> workflowImplementation;
    private final String historyPrefix;
    protected TestWorkflowEnvironment env;
    protected String lastWorkflowId;

    /**
     * @param workflowImplementation the workflow implementation under test
     * @param historyPrefix          the product's prefix of the recorded histories' names ("kyc")
     */
    protected LookupWorkflowTestBase(Class<?> workflowImplementation, String historyPrefix) {
        this.workflowImplementation = workflowImplementation;
        this.historyPrefix = historyPrefix;
    }

    /**
     * A rail that fails as told for its first attempts, then answers; the record steps note what they were given
     * and when they ran. A test's fake implements the product's activity interfaces with these.
     */
    protected abstract class Fake {
        public volatile FailureType failure;
        public volatile int failingAttempts;
        public final AtomicInteger attempts = new AtomicInteger();
        public final Map<String, O> closed = new ConcurrentHashMap<>();
        public final List<String> steps = new CopyOnWriteArrayList<>();
        public volatile long closedAt;
        public volatile long erasedAt;

        /** The rail's answer, once the failing attempts are over. */
        protected O answer(String who, O answer) {
            if (attempts.incrementAndGet() <= failingAttempts) {
                throw failure.failure(who + " failed as " + failure, null);
            }
            return answer;
        }

        protected void closed(String requestId, O outcome) {
            closed.put(requestId, outcome);
            closedAt = env.currentTimeMillis();
            steps.add("close");
        }

        protected void erased() {
            erasedAt = env.currentTimeMillis();
            steps.add("erase");
        }
    }

    /** The test's fake, registered as the activities of both the rail and the record. */
    protected abstract Fake activities();

    @BeforeEach
    void startTheEnvironment() {
        env = TestWorkflowEnvironment.newInstance();
        Worker worker = env.newWorker(TaskQueues.PLATFORM);
        worker.registerWorkflowImplementationTypes(workflowImplementation);
        worker.registerActivitiesImplementations(activities());
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
}
