package com.paywire.workflows.disputes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.vocabulary.cards.DisputeEvidence;
import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.notifications.AttemptResult;
import com.paywire.workflows.notifications.DeliveryOutcome;
import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.notifications.NotificationActivities;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowUpdateException;
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
 * A card dispute's life against in-memory activities, in Temporal's time-skipping environment: debited at its
 * start, then the merchant's evidence and the processor's decision, the merchant's acceptance, or the due date
 * (a timer) losing it.
 */
class DisputeWorkflowTest {

    static final String PROCESSOR_ID = "dp_test_1";
    static final Duration DUE_IN = Duration.ofMinutes(5);
    static final DisputeEvidence WINNING = new DisputeEvidence("winning_evidence: delivered and signed for",
            "A lamp", "Jane Doe", "receipt-77");

    /** Records each step, in order. */
    static final class InMemory implements DisputeActivities, DisputeProcessorActivities, NotificationActivities {
        final List<String> steps = new CopyOnWriteArrayList<>();
        volatile long dueByMillis;

        @Override
        public DisputeFacts openDispute(String disputeId) {
            steps.add("debit");
            return new DisputeFacts(disputeId, PROCESSOR_ID, "acme", "cap_1", "12.34", "USD", "15.00", "fraudulent",
                    dueByMillis);
        }

        @Override
        public void evidenceSent(String disputeId, DisputeEvidence evidence) {
            steps.add("evidence recorded");
        }

        @Override
        public void decide(String disputeId, DisputeStatus decision, boolean accepted) {
            steps.add(decision + (accepted ? " accepted" : "") + (decision == DisputeStatus.WON ? ", credited" : ""));
        }

        @Override
        public void submitEvidence(String processorDisputeId, DisputeEvidence evidence) {
            steps.add("evidence to processor");
        }

        @Override
        public void acceptDispute(String processorDisputeId) {
            steps.add("acceptance to processor");
        }

        /** What the processor answers when asked for its decision; under review unless a test says otherwise. */
        volatile DisputeStatus decided = DisputeStatus.UNDER_REVIEW;

        @Override
        public DisputeStatus decisionOf(String processorDisputeId) {
            steps.add("asked the processor: " + decided);
            return decided;
        }

        @Override
        public void publish(EventCommand event) {
            steps.add(event.type());
        }

        @Override
        public AttemptResult attempt(String deliveryId, int attemptNumber, long attemptAtMillis) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void finish(String deliveryId, DeliveryOutcome outcome) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isSettled(String deliveryId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String successorOf(String deliveryId) {
            throw new UnsupportedOperationException();
        }
    }

    TestWorkflowEnvironment env;
    InMemory activities;
    final String workflowId = WorkflowIds.cardDispute(PROCESSOR_ID);

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        activities = new InMemory();
        activities.dueByMillis = env.currentTimeMillis() + DUE_IN.toMillis();
        Worker worker = env.newWorker(TaskQueues.CARDS);
        worker.registerWorkflowImplementationTypes(DisputeWorkflowImpl.class);
        worker.registerActivitiesImplementations(activities);
        env.newWorker(TaskQueues.NOTIFICATIONS).registerActivitiesImplementations(activities);
        env.start();
    }

    /** Keeps the workflow's history for the replay test: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        RecordedHistories.keepIfAsked(env, workflowId, "card-dispute-" + test.getTestMethod().orElseThrow().getName());
        env.close();
    }

    @Test
    void givenWinningEvidence_andTheProcessorSaysWonTwice_itShouldBeCreditedOnce() {
        DisputeWorkflow workflow = start();
        env.sleep(Duration.ofSeconds(30));

        assertThat(workflow.submitEvidence(WINNING)).isEqualTo(DisputeStatus.UNDER_REVIEW);
        workflow.processorDecision(DisputeStatus.WON);
        workflow.processorDecision(DisputeStatus.WON); // the processor repeats its callback

        assertThat(result()).isEqualTo("WON");
        assertThat(activities.steps).containsExactly("debit", "dispute.created", "evidence to processor",
                "evidence recorded", "WON, credited", "dispute.won");
    }

    @Test
    void givenTheDecisionsCallbackNeverComes_theProcessorShouldBeAskedOnADoublingTimer_untilItHasDecided() {
        DisputeWorkflow workflow = start();
        workflow.submitEvidence(WINNING);
        env.sleep(Duration.ofMinutes(2)); // asked after 1 minute: still under review
        activities.decided = DisputeStatus.WON;
        env.sleep(Duration.ofMinutes(2)); // asked again 2 minutes later: decided

        assertThat(result()).isEqualTo("WON");
        assertThat(activities.steps).containsExactly("debit", "dispute.created", "evidence to processor",
                "evidence recorded", "asked the processor: UNDER_REVIEW", "asked the processor: WON", "WON, credited",
                "dispute.won");
    }

    @Test
    void givenEvidenceTheProcessorRejects_itShouldBeLost_andTheMoneyKept() {
        DisputeWorkflow workflow = start();
        workflow.submitEvidence(WINNING);
        workflow.processorDecision(DisputeStatus.LOST);
        workflow.processorDecision(DisputeStatus.WON); // a contradicting repeat changes nothing

        assertThat(result()).isEqualTo("LOST");
        assertThat(activities.steps).containsExactly("debit", "dispute.created", "evidence to processor",
                "evidence recorded", "LOST", "dispute.lost");
    }

    @Test
    void givenNoAnswerByTheDueDate_theTimerShouldLoseIt() {
        start();
        env.sleep(DUE_IN.minusSeconds(10));
        assertThat(activities.steps).containsExactly("debit", "dispute.created");

        env.sleep(Duration.ofSeconds(20));

        assertThat(result()).isEqualTo("LOST");
        assertThat(activities.steps).containsExactly("debit", "dispute.created", "LOST", "dispute.lost");
    }

    @Test
    void givenTheMerchantAccepts_itShouldBeLostAtOnce_theProcessorTold_andNoMoreAnswersTaken() {
        DisputeWorkflow workflow = start();

        assertThat(workflow.accept()).isEqualTo(DisputeStatus.LOST);

        assertThat(result()).isEqualTo("LOST");
        assertThat(activities.steps).containsExactly("debit", "dispute.created", "acceptance to processor",
                "LOST accepted", "dispute.lost");
    }

    @Test
    void givenEvidenceAfterTheDueDate_theUpdateShouldBeRefused_andTheDisputeLost() {
        DisputeWorkflow workflow = start();
        env.sleep(DUE_IN.minusSeconds(1));
        env.sleep(Duration.ofSeconds(2));

        assertThatThrownBy(() -> workflow.submitEvidence(WINNING)).isInstanceOf(RuntimeException.class);
        assertThat(result()).isEqualTo("LOST");
        assertThat(activities.steps).doesNotContain("evidence to processor");
    }

    @Test
    void givenASecondAnswer_itShouldBeRefusedByTheValidator_leavingTheFirstInForce() {
        DisputeWorkflow workflow = start();
        workflow.submitEvidence(WINNING);

        assertThatThrownBy(workflow::accept).isInstanceOf(WorkflowUpdateException.class);
        workflow.processorDecision(DisputeStatus.WON);

        assertThat(result()).isEqualTo("WON");
        assertThat(activities.steps).doesNotContain("acceptance to processor");
    }

    private DisputeWorkflow start() {
        DisputeWorkflow workflow = env.getWorkflowClient().newWorkflowStub(DisputeWorkflow.class,
                WorkflowOptions.newBuilder().setWorkflowId(workflowId).setTaskQueue(TaskQueues.CARDS).build());
        WorkflowClient.start(workflow::run, "dsp_1");
        return workflow;
    }

    private String result() {
        return env.getWorkflowClient().newUntypedWorkflowStub(workflowId).getResult(String.class);
    }
}
