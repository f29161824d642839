package com.paywire.workflows.payouts.reversals;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.paybacks.PayBackAnswer;
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
 * A payout reversal's two phases against in-memory activities, in Temporal's time-skipping environment: held before
 * the rail is asked; posted once on the rail's success however often it calls back; voided on its refusal; kept
 * held while its answer is unknown (referred after the reconciliation window) until a status answer decides.
 */
class PayoutReversalWorkflowTest {

    static final PayBackAnswer ACCEPTED = new PayBackAnswer(State.ACCEPTED, "RV1", "0", "Accepted");
    static final PayBackAnswer REVERSED = new PayBackAnswer(State.PAID, "RCPT1", "0", "Reversed");
    static final PayBackAnswer SPENT = new PayBackAnswer(State.REFUSED, null, "R000003",
            "The recipient no longer holds the funds to reverse.");
    static final PayBackAnswer PENDING = new PayBackAnswer(State.PENDING, null, null, "pending");

    /** Records each step, in order; the rail answers as the test sets it. */
    static final class InMemory implements PayoutReversalActivities, PayoutReversalRailActivities {
        final List<String> steps = new CopyOnWriteArrayList<>();
        volatile PayBackAnswer asked = ACCEPTED;
        volatile PayBackAnswer status = PENDING;

        @Override
        public void holdReversal(String reversalId) {
            steps.add("hold");
        }

        @Override
        public void closeReversal(String reversalId, PayBackAnswer answer) {
            steps.add(answer.state() == State.PAID ? "post" : "void");
        }

        @Override
        public void keepReversalHeld(String reversalId, String note) {
            steps.add("refer");
        }

        @Override
        public PayBackAnswer askToReverse(String reversalId) {
            steps.add("ask");
            return asked;
        }

        @Override
        public PayBackAnswer reversalStatus(String reversalId) {
            if (!steps.getLast().equals("status")) {
                steps.add("status");
            }
            return status;
        }
    }

    TestWorkflowEnvironment env;
    InMemory activities;
    final String workflowId = WorkflowIds.payoutReversal("client-1", "pr-1");

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        activities = new InMemory();
        Worker worker = env.newWorker(TaskQueues.PAYOUTS);
        worker.registerWorkflowImplementationTypes(PayoutReversalWorkflowImpl.class);
        worker.registerActivitiesImplementations(activities);
        env.start();
    }

    /** Keeps the workflow's history for the replay test: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        RecordedHistories.keepIfAsked(env, workflowId,
                "payout-reversal-" + test.getTestMethod().orElseThrow().getName());
        env.close();
    }

    @Test
    void givenTheRailCallsBackReversedTwice_theHoldShouldBePostedOnce() {
        PayoutReversalWorkflow workflow = start();
        env.sleep(Duration.ofSeconds(30));
        workflow.railAnswer(REVERSED);
        workflow.railAnswer(REVERSED); // the rail repeats its callback

        assertThat(result()).isEqualTo("PAID");
        assertThat(activities.steps).containsExactly("hold", "ask", "post");
    }

    @Test
    void givenTheRecipientSpentIt_theHoldShouldBeVoided() {
        PayoutReversalWorkflow workflow = start();
        env.sleep(Duration.ofSeconds(30));
        workflow.railAnswer(SPENT);

        assertThat(result()).isEqualTo("REFUSED");
        assertThat(activities.steps).containsExactly("hold", "ask", "void");
    }

    @Test
    void givenTheRailRefusesTheRequest_theHoldShouldBeVoided_withoutWaiting() {
        activities.asked = SPENT;

        start();

        assertThat(result()).isEqualTo("REFUSED");
        assertThat(activities.steps).containsExactly("hold", "ask", "void");
    }

    @Test
    void givenNoAnswerForADay_theHoldShouldBeKept_andReferred_untilAStatusAnswerDecides() {
        start();
        env.sleep(Duration.ofHours(30));

        assertThat(activities.steps).containsExactly("hold", "ask", "status", "refer", "status");

        activities.status = REVERSED;
        assertThat(result()).isEqualTo("PAID");
        assertThat(activities.steps).endsWith("refer", "status", "post");
    }

    @Test
    void givenTheRailUnreachableWhenAsked_itShouldBeAskedAgainWhileItHasNotHeardOfIt_thenPostedOnItsAnswer() {
        activities.asked = PayBackAnswer.unknown("the rail could not be reached");
        activities.status = PayBackAnswer.unknown("the rail has not heard of the reversal");
        PayoutReversalWorkflow workflow = start();
        env.sleep(Duration.ofMinutes(2));
        assertThat(activities.steps).containsExactly("hold", "ask", "status", "ask");

        activities.asked = ACCEPTED;
        activities.status = PENDING;
        env.sleep(Duration.ofMinutes(2));
        workflow.railAnswer(REVERSED);

        assertThat(result()).isEqualTo("PAID");
        assertThat(activities.steps).as("asked once more only while the rail had not heard of it")
                .containsExactly("hold", "ask", "status", "ask", "status", "post");
    }

    private PayoutReversalWorkflow start() {
        PayoutReversalWorkflow workflow = env.getWorkflowClient().newWorkflowStub(PayoutReversalWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.PAYOUTS).setWorkflowId(workflowId).build());
        WorkflowClient.start(workflow::reverse, "pr-1");
        return workflow;
    }

    private String result() {
        return env.getWorkflowClient().newUntypedWorkflowStub(workflowId).getResult(String.class);
    }
}
