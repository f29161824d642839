package com.paywire.workflows.collections;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.checkout.AttemptOutcome.ThirdParty;
import com.paywire.workflows.checkout.AttemptOutcome;
import com.paywire.workflows.checkout.CardAttempt;
import com.paywire.workflows.checkout.CardCharge;
import com.paywire.workflows.checkout.CheckoutActivities;
import com.paywire.workflows.checkout.CheckoutCommand;
import com.paywire.workflows.checkout.CheckoutWorkflow;
import com.paywire.workflows.checkout.CheckoutWorkflowImpl;
import com.paywire.workflows.checkout.MobileMoneyAttempt;
import com.paywire.workflows.checkout.StatusChange;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The reconciliation of a phone prompt's late success, against in-memory activities and the real checkout
 * workflow: a deposit of its own is closed late by its activity alone; a checkout's attempt goes to its order,
 * which takes it while it runs, or is owed back once the order has ended.
 */
class LatePromptWorkflowTest {

    static final String CLIENT = "client-1";
    static final PromptResult PAID = new PromptResult("dep-1", PromptResult.State.ANSWERED, PromptResult.SUCCESS,
            "Paid", "LATE1RCPT", "20261120101010");

    /** Records what was asked; the deposit belongs to {@code checkout} when it is set. */
    static final class InMemory implements DepositActivities, CheckoutActivities {
        volatile LateSuccess checkout = LateSuccess.DONE;
        final List<String> closedLate = new CopyOnWriteArrayList<>();
        final List<StatusChange> completions = new CopyOnWriteArrayList<>();
        final List<String> owedBack = new CopyOnWriteArrayList<>();
        final List<String> released = new CopyOnWriteArrayList<>();

        @Override
        public LateSuccess closeLateSuccess(String depositId, PromptResult result) {
            closedLate.add(depositId);
            return checkout;
        }

        @Override
        public AttemptOutcome mobileMoneyOutcome(String depositId) {
            return new AttemptOutcome(true, null, null, new ThirdParty(PromptResult.SUCCESS, "Paid", "LATE1RCPT"));
        }

        @Override
        public void completeCheckout(StatusChange completion) {
            completions.add(completion);
        }

        @Override
        public void oweBackLatePayment(String checkoutId, String depositId) {
            owedBack.add(depositId);
        }

        @Override
        public void oweBackLateCardPayment(String checkoutId, String captureId) {
            throw new UnsupportedOperationException("no card attempts here");
        }

        @Override
        public void recordCheckoutStatus(StatusChange change) {
        }

        @Override
        public boolean holdPrompt(String depositId) {
            return false; // no prompt is sent here
        }

        @Override
        public void referUnconfirmed(String depositId, long unconfirmedSinceMillis) {
            throw new UnsupportedOperationException("nothing is referred here");
        }

        @Override
        public void releaseUnconfirmed(String depositId, PromptResult result) {
            released.add(depositId + " " + result.resultCode());
        }

        @Override
        public void recordPrompt(String depositId, PromptAcknowledgement acknowledgement) {
            throw new UnsupportedOperationException("no prompt is sent here");
        }

        @Override
        public void closeDeposit(String depositId, PromptResult result) {
            throw new UnsupportedOperationException("no deposit closes on time here");
        }

        @Override
        public AttemptOutcome chargeCard(CheckoutCommand order, CardAttempt attempt) {
            throw new UnsupportedOperationException("no card is charged here");
        }

        @Override
        public CardCharge openCardAttempt(CheckoutCommand order, CardAttempt attempt, String checkoutWorkflowId) {
            throw new UnsupportedOperationException("no card attempt is opened here");
        }

        @Override
        public DepositCommand openMobileMoneyAttempt(CheckoutCommand order, MobileMoneyAttempt attempt) {
            throw new UnsupportedOperationException("no attempt is opened here");
        }
    }

    TestWorkflowEnvironment env;
    InMemory activities;
    String checkoutWorkflowId;
    String lateWorkflowId = WorkflowIds.latePrompt(CLIENT, "dep-1");

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
        activities = new InMemory();
        Worker worker = env.newWorker(TaskQueues.COLLECTIONS);
        worker.registerWorkflowImplementationTypes(LatePromptWorkflowImpl.class, CheckoutWorkflowImpl.class);
        worker.registerActivitiesImplementations(activities);
        env.start();
    }

    /** Keeps the workflows' histories for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        String name = test.getTestMethod().orElseThrow().getName();
        RecordedHistories.keepIfAsked(env, lateWorkflowId, "late-prompt-" + name);
        RecordedHistories.keepIfAsked(env, checkoutWorkflowId, "checkout-late-" + name);
        env.close();
    }

    @Test
    void givenADepositOfItsOwn_itShouldOnlyBeClosedLate() {
        reconcile();

        assertThat(activities.closedLate).containsExactly("dep-1");
        assertThat(activities.completions).isEmpty();
        assertThat(activities.owedBack).isEmpty();
    }

    @Test
    void givenAnAttemptAtARunningCheckout_theOrderShouldBeCompletedByIt() {
        CheckoutWorkflow order = startCheckout("ocid-running");

        reconcile();

        assertThat(WorkflowStub.fromTyped(order).getResult(CheckoutStatus.class)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(activities.completions).hasSize(1);
        assertThat(activities.completions.getFirst().thirdParty().reference()).isEqualTo("LATE1RCPT");
        assertThat(activities.owedBack).isEmpty();
    }

    @Test
    void givenAnAttemptAtACheckoutThatHasEnded_thePaymentShouldBeOwedBack() {
        CheckoutWorkflow order = startCheckout("ocid-ended");
        order.cancel();
        assertThat(WorkflowStub.fromTyped(order).getResult(CheckoutStatus.class)).isEqualTo(CheckoutStatus.CANCELLED);

        reconcile();

        assertThat(activities.owedBack).containsExactly("dep-1");
        assertThat(activities.completions).isEmpty();
    }

    @Test
    void givenADefiniteFailureAfterTheDepositsWorkflowEnded_itShouldOnlyReleaseItsHeldCredit() {
        lateWorkflowId = WorkflowIds.latePromptFailure(CLIENT, "dep-1");
        LatePromptWorkflow late = env.getWorkflowClient().newWorkflowStub(LatePromptWorkflow.class, WorkflowOptions
                .newBuilder().setTaskQueue(TaskQueues.COLLECTIONS).setWorkflowId(lateWorkflowId).build());

        late.reconcile("dep-1", new PromptResult("dep-1", PromptResult.State.ANSWERED, PromptResult.CANCELLED,
                "Request cancelled by user", null, "20261120101010"));

        assertThat(activities.released).containsExactly("dep-1 1032");
        assertThat(activities.closedLate).as("nothing was paid").isEmpty();
        assertThat(activities.owedBack).isEmpty();
    }

    private CheckoutWorkflow startCheckout(String ocid) {
        checkoutWorkflowId = WorkflowIds.checkout(CLIENT, ocid);
        activities.checkout = new LateSuccess("chk-" + ocid, checkoutWorkflowId);
        CheckoutWorkflow order = env.getWorkflowClient().newWorkflowStub(CheckoutWorkflow.class, WorkflowOptions
                .newBuilder().setTaskQueue(TaskQueues.COLLECTIONS).setWorkflowId(checkoutWorkflowId).build());
        WorkflowClient.start(order::run, new CheckoutCommand("chk-" + ocid, CLIENT, ocid, new BigDecimal("1500.50"),
                "KES", Duration.ofHours(1), Duration.ofMinutes(1)));
        return order;
    }

    /** As RailCallbacks starts it, and waits for its end. */
    private void reconcile() {
        LatePromptWorkflow late = env.getWorkflowClient().newWorkflowStub(LatePromptWorkflow.class, WorkflowOptions
                .newBuilder().setTaskQueue(TaskQueues.COLLECTIONS)
                .setWorkflowId(WorkflowIds.latePrompt(CLIENT, "dep-1")).build());
        late.reconcile("dep-1", PAID);
    }
}
