package com.paywire.workflows.bills;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.vocabulary.operations.PendingConfirmation;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import io.temporal.activity.Activity;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** The bill payment workflow alone, against an in-memory biller and ledger, with time skipping. */
class BillPaymentWorkflowTest {

    /** A biller that answers as the test sets, and a ledger that notes what it did. */
    static final class World implements BillerActivities, BillPaymentActivities {
        volatile boolean accountKnown = true;
        /** How the account check fails, when it does: the biller away, or an answer no one can read. */
        volatile FailureType validationFailure;
        /** How every confirmation fails, when it does (instead of saying pending or answering). */
        volatile FailureType confirmFailure;
        volatile boolean fundsEnough = true;
        volatile BillerAnswer payAnswer = new BillerAnswer(BillerAnswer.State.PAID, "0", "Bill paid", "BP1");
        volatile boolean payUnreachable;
        volatile int pendingConfirmations;
        /**
         * How many confirmation windows pass with nothing but "pending" (each window one activity, however often the
         * test server retries it), so that a test does not depend on how many questions fit in a window.
         */
        volatile int silentWindows;
        final Set<String> confirmWindows = ConcurrentHashMap.newKeySet();
        /** What the biller's status query says once it stops saying pending. */
        volatile BillerAnswer lateAnswer = new BillerAnswer(BillerAnswer.State.PAID, "0", "Bill paid", "BPLATE");
        final List<Boolean> unconfirmed = new CopyOnWriteArrayList<>();
        final AtomicInteger payCalls = new AtomicInteger();
        final AtomicInteger confirmCalls = new AtomicInteger();
        final List<String> ledger = new CopyOnWriteArrayList<>();
        volatile BillerAnswer closedWith;
        /** Run once, while the biller is being asked through the reconciliation window (its second window). */
        volatile Runnable whileReconciling;

        @Override
        public boolean validateAccount(String paymentId) {
            if (validationFailure != null) {
                throw validationFailure.failure("the account check failed as " + validationFailure, null);
            }
            return accountKnown;
        }

        @Override
        public BillerAnswer pay(String paymentId) {
            payCalls.incrementAndGet();
            if (payUnreachable) {
                throw FailureType.RAIL_UNAVAILABLE.failure("biller timed out", null);
            }
            return payAnswer;
        }

        @Override
        public BillerAnswer confirm(String paymentId) {
            if (confirmFailure != null) {
                throw confirmFailure.failure("the confirmation failed as " + confirmFailure, null);
            }
            confirmWindows.add(Activity.getExecutionContext().getInfo().getActivityId());
            Runnable operator = whileReconciling;
            if (operator != null && confirmWindows.size() == 2) {
                whileReconciling = null;
                operator.run();
            }
            if (confirmCalls.incrementAndGet() <= pendingConfirmations || confirmWindows.size() <= silentWindows) {
                throw FailureType.RAIL_UNAVAILABLE.failure("still pending", null);
            }
            return lateAnswer;
        }

        @Override
        public boolean reserve(String paymentId) {
            if (fundsEnough) {
                ledger.add("reserve");
            }
            return fundsEnough;
        }

        @Override
        public void markProcessing(String paymentId) {
        }

        @Override
        public void recordUnconfirmed(String paymentId, boolean referredToOperations) {
            unconfirmed.add(referredToOperations);
        }

        @Override
        public void close(String paymentId, BillerAnswer outcome, boolean reserved) {
            closedWith = outcome;
            if (reserved) {
                ledger.add(outcome.state() == BillerAnswer.State.PAID ? "post" : "release");
            }
        }
    }

    TestWorkflowEnvironment env;
    World world;
    String lastWorkflowId;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
        world = new World();
        Worker worker = env.newWorker(TaskQueues.PLATFORM);
        worker.registerWorkflowImplementationTypes(BillPaymentWorkflowImpl.class);
        worker.registerActivitiesImplementations(world);
        env.start();
    }

    /** Keeps the workflow's history for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        RecordedHistories.keepIfAsked(env, lastWorkflowId, "bill-payment-" + test.getTestMethod().orElseThrow().getName());
        env.close();
    }

    @Test
    void givenTheBillerPaysAtOnce_theReservationShouldBePosted() {
        assertThat(run("paid", true)).isEqualTo("0");
        assertThat(world.ledger).containsExactly("reserve", "post");
        assertThat(world.closedWith.receiptNumber()).isEqualTo("BP1");
    }

    @Test
    void givenAnAccountTheBillerDoesNotKnow_nothingShouldBeReservedOrPaid() {
        world.accountKnown = false;

        assertThat(run("unknown", true)).isEqualTo(BillerAnswer.ACCOUNT_INVALID);
        assertThat(world.ledger).isEmpty();
        assertThat(world.payCalls.get()).isZero();
    }

    @Test
    void givenABillerAwayThroughoutTheAccountCheck_nothingShouldBeReservedOrPaid_andThePaymentClosedAsUnavailable() {
        world.validationFailure = FailureType.RAIL_UNAVAILABLE;

        assertThat(run("biller-away", true)).isEqualTo(BillerAnswer.BILLER_UNAVAILABLE);
        assertThat(world.ledger).isEmpty();
        assertThat(world.payCalls.get()).isZero();
        assertThat(world.closedWith.statusDescription()).isEqualTo("The biller could not be reached; nothing was paid");
    }

    @Test
    void givenAnAccountCheckThatCannotBeRead_thePaymentShouldFailVisibly_notPretendTheBillerWasAway() {
        world.validationFailure = FailureType.BAD_DATA;

        assertThatThrownBy(() -> run("garbled-check", true)).isInstanceOf(WorkflowFailedException.class);
        assertThat(world.closedWith).as("nothing closed on a guess").isNull();
        assertThat(world.ledger).isEmpty();
        assertThat(world.payCalls.get()).isZero();
    }

    @Test
    void givenAConfirmationThatCannotBeRead_thePaymentShouldFailVisibly_notBeShownPendingConfirmation() {
        world.payAnswer = BillerAnswer.pending();
        world.confirmFailure = FailureType.BAD_DATA;

        assertThatThrownBy(() -> run("garbled-confirmation", true)).isInstanceOf(WorkflowFailedException.class);
        assertThat(world.unconfirmed).as("not shown pending confirmation on a guess").isEmpty();
        assertThat(world.closedWith).isNull();
        assertThat(world.ledger).as("the hold stays, for an operator to see").containsExactly("reserve");
    }

    @Test
    void givenTheBillerRefusesThePayment_theReservationShouldBeReleased() {
        world.payAnswer = BillerAnswer.refused("BLR02", "blocked");

        assertThat(run("refused", false)).isEqualTo("BLR02");
        assertThat(world.ledger).containsExactly("reserve", "release");
    }

    @Test
    void givenTheBillerTimesOut_thenConfirmsLate_itShouldBePaidOnce_andPosted() {
        world.payUnreachable = true;
        world.pendingConfirmations = 3;

        assertThat(run("late", true)).isEqualTo("0");
        assertThat(world.ledger).containsExactly("reserve", "post");
        assertThat(world.closedWith.receiptNumber()).isEqualTo("BPLATE");
        assertThat(world.confirmCalls.get()).isEqualTo(4);
    }

    @Test
    void givenTheBillerConfirmsOnlyAfterItsWindow_thePaymentShouldBeCompleted_andTheReservationPosted() {
        world.payAnswer = BillerAnswer.pending();
        world.silentWindows = 1; // the biller answers only once the 30-minute window has passed

        assertThat(run("confirmed-late", true)).isEqualTo("0");
        assertThat(world.ledger).as("paid, so posted: never released on an unknown outcome")
                .containsExactly("reserve", "post");
        assertThat(world.closedWith.receiptNumber()).isEqualTo("BPLATE");
        assertThat(world.unconfirmed).as("shown pending confirmation meanwhile, not referred").containsExactly(false);
    }

    @Test
    void givenTheBillerSaysLateItFailedThePayment_theReservationShouldBeReleased() {
        world.payUnreachable = true;
        world.silentWindows = 1;
        world.lateAnswer = BillerAnswer.refused("BLR09", "The biller could not credit the account");

        assertThat(run("failed-late", true)).isEqualTo("BLR09");
        assertThat(world.ledger).containsExactly("reserve", "release");
        assertThat(world.unconfirmed).containsExactly(false);
    }

    @Test
    void givenTheBillerNeverConfirms_theFundsShouldStayHeld_andThePaymentBeReferredToOperations() {
        world.payAnswer = BillerAnswer.pending();
        world.pendingConfirmations = Integer.MAX_VALUE;

        assertThat(run("never", true)).isEqualTo(PendingConfirmation.CODE);
        assertThat(world.ledger).as("the hold stays: the biller may have the money").containsExactly("reserve");
        assertThat(world.closedWith).as("no outcome recorded on a guess, no callback").isNull();
        assertThat(world.unconfirmed).as("pending confirmation, then referred").containsExactly(false, true);
        assertThat(world.confirmCalls.get()).as("asked with backoff through the reconciliation window, every half hour at most often")
                .isGreaterThan(40);
    }

    @Test
    void givenAnOperatorSaysAPaymentPendingConfirmationWasPaid_theWorkflowShouldStopAsking_andPostTheReservation() {
        world.payAnswer = BillerAnswer.pending();
        world.pendingConfirmations = Integer.MAX_VALUE;

        assertThat(payResolvedByOperator("op-paid", true, "KPLC-RCPT-9")).isEqualTo(BillerAnswer.PAID_CODE);
        assertThat(world.ledger).containsExactly("reserve", "post");
        assertThat(world.closedWith.receiptNumber()).isEqualTo("KPLC-RCPT-9");
        assertThat(world.unconfirmed).as("pending confirmation, never referred").containsExactly(false);
    }

    @Test
    void givenAnOperatorSaysAPaymentPendingConfirmationWasNotPaid_theReservationShouldBeReleased() {
        world.payAnswer = BillerAnswer.pending();
        world.pendingConfirmations = Integer.MAX_VALUE;

        assertThat(payResolvedByOperator("op-not-paid", false, "ticket 7")).isEqualTo(BillerAnswer.NOT_PAID);
        assertThat(world.ledger).containsExactly("reserve", "release");
        assertThat(world.unconfirmed).containsExactly(false);
    }

    @Test
    void givenTooLittleInTheWorkingAccount_nothingShouldBePaid() {
        world.fundsEnough = false;

        assertThat(run("poor", true)).isEqualTo(BillerAnswer.INSUFFICIENT_FUNDS);
        assertThat(world.payCalls.get()).isZero();
        assertThat(world.ledger).isEmpty();
    }

    /**
     * Starts the payment and waits for it; an operator resolves it while the biller is asked through the
     * reconciliation window (the payment pending confirmation).
     */
    private String payResolvedByOperator(String ocid, boolean paid, String reference) {
        lastWorkflowId = WorkflowIds.billPayment("client-1", ocid);
        BillPaymentWorkflow workflow = env.getWorkflowClient().newWorkflowStub(BillPaymentWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.PLATFORM).setWorkflowId(lastWorkflowId).build());
        world.whileReconciling = () -> env.getWorkflowClient().newWorkflowStub(BillPaymentWorkflow.class,
                lastWorkflowId).resolve(new OperatorResolution("pay-" + ocid, paid, reference));
        WorkflowClient.start(workflow::pay, new BillPaymentCommand("pay-" + ocid, "client-1", ocid, true,
                Duration.ofMinutes(1), Duration.ofMinutes(30)));
        return WorkflowStub.fromTyped(workflow).getResult(String.class);
    }

    private String run(String ocid, boolean validate) {
        lastWorkflowId = WorkflowIds.billPayment("client-1", ocid);
        return env.getWorkflowClient().newWorkflowStub(BillPaymentWorkflow.class, WorkflowOptions.newBuilder()
                        .setTaskQueue(TaskQueues.PLATFORM).setWorkflowId(lastWorkflowId).build())
                .pay(new BillPaymentCommand("pay-" + ocid, "client-1", ocid, validate, Duration.ofMinutes(1),
                        Duration.ofMinutes(30)));
    }
}
