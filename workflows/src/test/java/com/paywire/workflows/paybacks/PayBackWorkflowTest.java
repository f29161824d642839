package com.paywire.workflows.paybacks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.paybacks.PayBackAnswer.State;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * A pay-back's two phases against in-memory activities, in Temporal's time-skipping environment: held before the
 * rail is asked; posted on the rail's success; released on its refusal; kept held while its answer is unknown (and
 * referred after the reconciliation window) until a status answer decides.
 */
class PayBackWorkflowTest {

    static final PayBackAnswer ACCEPTED = new PayBackAnswer(State.ACCEPTED, "RV1", "0", "Accepted");
    static final PayBackAnswer PAID = new PayBackAnswer(State.PAID, "RCPT1", "0", "Reversed");
    static final PayBackAnswer REFUSED = new PayBackAnswer(State.REFUSED, null, "R000002", "Invalid receipt");
    static final PayBackAnswer PENDING = new PayBackAnswer(State.PENDING, null, null, "pending");

    /** Records each step, in order; the rail answers as the test sets it. */
    static final class InMemory implements PayBackActivities, PayBackRailActivities {
        final List<String> steps = new CopyOnWriteArrayList<>();
        volatile PayBackAnswer asked = ACCEPTED;
        volatile PayBackAnswer status = PENDING;

        @Override
        public void holdPayBack(String payBackId) {
            steps.add("hold");
        }

        @Override
        public void closePayBack(String payBackId, PayBackAnswer answer) {
            steps.add(answer.state() == State.PAID ? "post" : "release");
        }

        @Override
        public void keepPayBackHeld(String payBackId, String reason) {
            steps.add("refer");
        }

        @Override
        public PayBackAnswer askToPayBack(String payBackId) {
            steps.add("ask");
            return asked;
        }

        @Override
        public PayBackAnswer payBackStatus(String payBackId) {
            if (!steps.getLast().equals("status")) {
                steps.add("status");
            }
            return status;
        }
    }

    TestWorkflowEnvironment env;
    InMemory activities;
    final String workflowId = WorkflowIds.payBack("pb-1");

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        activities = new InMemory();
        Worker worker = env.newWorker(TaskQueues.COLLECTIONS);
        worker.registerWorkflowImplementationTypes(PayBackWorkflowImpl.class);
        worker.registerActivitiesImplementations(activities);
        env.start();
    }

    /** Keeps the workflow's history for the replay test: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        String name = test.getTestMethod().orElseThrow().getName();
        if (!name.startsWith("givenNoAnswerFor30Days")) { // replayed in the test itself
            RecordedHistories.keepIfAsked(env, workflowId, "pay-back-" + name);
        }
        env.close();
    }

    @Test
    void givenTheRailsCallbackSaysPaid_theHoldShouldBePostedOnce() {
        PayBackWorkflow workflow = start();
        env.sleep(Duration.ofSeconds(30));
        workflow.railAnswer(PAID);
        workflow.railAnswer(PAID); // the rail repeats its callback

        assertThat(result()).isEqualTo("PAID");
        assertThat(activities.steps).containsExactly("hold", "ask", "post");
    }

    @Test
    void givenTheRailRefusesAtOnce_theHoldShouldBeReleased_withoutWaiting() {
        activities.asked = REFUSED;

        start();

        assertThat(result()).isEqualTo("REFUSED");
        assertThat(activities.steps).containsExactly("hold", "ask", "release");
    }

    @Test
    void givenTheRailsCallbackSaysRefused_theHoldShouldBeReleased() {
        PayBackWorkflow workflow = start();
        env.sleep(Duration.ofSeconds(30));
        workflow.railAnswer(REFUSED);

        assertThat(result()).isEqualTo("REFUSED");
        assertThat(activities.steps).containsExactly("hold", "ask", "release");
    }

    @Test
    void givenNoAnswerForADay_theHoldShouldBeKept_andReferred_untilAStatusAnswerDecides() {
        start();
        env.sleep(Duration.ofHours(30));

        assertThat(activities.steps).containsExactly("hold", "ask", "status", "refer", "status");
        assertThat(activities.steps).doesNotContain("post", "release");

        activities.status = PAID;
        assertThat(result()).isEqualTo("PAID");
        assertThat(activities.steps).endsWith("refer", "status", "post");
    }

    @Test
    void givenNoAnswerFor30Days_theRailShouldNoLongerBeAsked_andTheHoldKept_untilAnOperatorsWord() {
        PayBackWorkflow workflow = start();
        env.sleep(RailAnswerWait.GIVE_UP_AFTER.plusDays(1));
        int steps = activities.steps.size();
        env.sleep(Duration.ofDays(10));

        assertThat(activities.steps).as("still held, and no longer asking").hasSize(steps)
                .doesNotContain("post", "release");
        assertThat(env.getWorkflowClient().newUntypedWorkflowStub(workflowId).describe().getStatus())
                .isEqualTo(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING);

        workflow.railAnswer(PayBackAnswer.resolvedBy(new OperatorResolution("pb-1", false, "ticket 42"), "ops-1"));

        assertThat(result()).isEqualTo("REFUSED");
        assertThat(activities.steps).endsWith("release");
        assertThat(activities.steps.stream().filter("refer"::equals)).as("referred once").hasSize(1);
        // its history (8,000 events, too big to keep with the others) replays on the code that made it
        assertThatCode(() -> WorkflowReplayer.replayWorkflowExecution(
                env.getWorkflowClient().fetchHistory(workflowId), PayBackWorkflowImpl.class)).doesNotThrowAnyException();
    }

    @Test
    void givenAPendingAnswerThenAStatusThatSaysRefused_theHoldShouldBeReleased() {
        start();
        env.sleep(Duration.ofMinutes(10));
        activities.status = REFUSED;

        assertThat(result()).isEqualTo("REFUSED");
        assertThat(activities.steps).containsExactly("hold", "ask", "status", "release");
    }

    private PayBackWorkflow start() {
        PayBackWorkflow workflow = env.getWorkflowClient().newWorkflowStub(PayBackWorkflow.class, WorkflowOptions
                .newBuilder().setTaskQueue(TaskQueues.COLLECTIONS).setWorkflowId(workflowId).build());
        WorkflowClient.start(workflow::payBack, "pb-1");
        return workflow;
    }

    private String result() {
        return env.getWorkflowClient().newUntypedWorkflowStub(workflowId).getResult(String.class);
    }
}
