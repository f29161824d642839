package com.paywire.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.paywire.domain.platform.TestClock;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityOptions;
import io.temporal.activity.LocalActivityOptions;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The workers {@link TemporalWorkers} starts with {@link ClockHoldingActivities} mark on the test clock each
 * activity while it runs, local ones too, and only while it runs: an advance under way names them.
 */
class ClockHoldingActivitiesTest {

    private static final String QUEUE = "clock-holding-test";
    private static final String WORKFLOW_ID = "airtime:shop-1:ocid-1";

    /** Each activity takes a permit as it starts and waits for one to end. */
    static final Semaphore STARTED = new Semaphore(0);
    static final Semaphore LET_GO = new Semaphore(0);

    @ActivityInterface
    public interface Steps {
        void recordLocally();

        void callTheRail();
    }

    public static class StepsImpl implements Steps {
        @Override
        public void recordLocally() {
            waitToBeLetGo();
        }

        @Override
        public void callTheRail() {
            waitToBeLetGo();
        }

        private static void waitToBeLetGo() {
            STARTED.release();
            try {
                assertThat(LET_GO.tryAcquire(20, TimeUnit.SECONDS)).as("let go").isTrue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @WorkflowInterface
    public interface TwoSteps {
        @WorkflowMethod
        void run();
    }

    public static class TwoStepsImpl implements TwoSteps {
        @Override
        public void run() {
            Workflow.newLocalActivityStub(Steps.class, LocalActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofSeconds(30)).build()).recordLocally();
            Workflow.newActivityStub(Steps.class, ActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofSeconds(30)).build()).callTheRail();
        }
    }

    /** A time held back for as long as the test runs, so that the advance stays under way. */
    static final class HeldTime implements TestClock.Source {
        final CountDownLatch letGo = new CountDownLatch(1);
        volatile Instant now = Instant.EPOCH;

        @Override
        public Instant now() {
            return now;
        }

        @Override
        public void advance(Duration by) {
            try {
                letGo.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            now = now.plus(by);
        }

        @Override
        public Duration advancedBy() {
            return Duration.ZERO;
        }
    }

    private final HeldTime time = new HeldTime();
    private final TestClock clock = new TestClock(time);
    private TestWorkflowEnvironment env;
    private TemporalWorkers workers;

    @AfterEach
    void stop() {
        LET_GO.release(2);
        time.letGo.countDown();
        workers.stop();
        env.close();
    }

    @Test
    void givenAnActivityRunning_anAdvanceUnderWayShouldNameIt_byItsWorkflowAndType_untilItIsDone() throws Exception {
        env = TestWorkflowEnvironment.newInstance();
        WorkflowClient client = env.getWorkflowClient();
        workers = new TemporalWorkers(client, new WorkerProperties(Set.of(QUEUE), 10, true, Duration.ofSeconds(10)),
                List.of(new TaskQueueRegistration(QUEUE, List.of(TwoStepsImpl.class), List.of(new StepsImpl()))),
                List.of(new ClockHoldingActivities(clock)));
        workers.start();
        TwoSteps workflow = client.newWorkflowStub(TwoSteps.class,
                WorkflowOptions.newBuilder().setTaskQueue(QUEUE).setWorkflowId(WORKFLOW_ID).build());
        WorkflowClient.start(workflow::run);

        assertThat(STARTED.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
        TestClock.Advance advance = clock.advance(Duration.ofMinutes(3));
        assertThat(advance.underWay()).isTrue();
        assertThat(advance.heldBy())
                .extracting(TestClock.Hold::workflowId, TestClock.Hold::activityType)
                .containsExactly(tuple(WORKFLOW_ID, "RecordLocally"));
        LET_GO.release();

        assertThat(STARTED.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
        assertThat(clock.underWay().orElseThrow().heldBy())
                .extracting(TestClock.Hold::workflowId, TestClock.Hold::activityType)
                .as("the local step's mark closed as it ended").containsExactly(tuple(WORKFLOW_ID, "CallTheRail"));
        LET_GO.release();

        WorkflowStub.fromTyped(workflow).getResult(Void.class);
        assertThat(clock.underWay().orElseThrow().heldBy()).as("nothing in flight once done").isEmpty();
    }
}
