package com.paywire.workflows.paybacks;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.paybacks.PayBackAnswer.State;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
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
        RecordedHistories.keepIfAsked(env, workflowId, "pay-back-" + test.getTestMethod().orElseThrow().getName());
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
