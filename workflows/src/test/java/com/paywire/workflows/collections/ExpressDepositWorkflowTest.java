package com.paywire.workflows.collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.Policies;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** The express deposit workflow alone, against in-memory activities, with time skipping: how rail failures read. */
class ExpressDepositWorkflowTest {

    /**
     * A rail whose prompt fails with the failure type the test sets, or, with none, takes the prompt and answers
     * its status query as {@code status} says (by default: still pending, forever); the deposit steps remember the
     * outcome and keep the deposit's money as DepositActivitiesImpl does (DepositLedgerTest proves that against the
     * ledger): {@code holds} is the state of the credit held under {@code deposit:{id}}, {@code credits} how many
     * times each key was credited. The hooks let the payer's answer arrive while the prompt is sent, while the rail
     * is asked or while the deposit closes.
     */
    static final class FailingRail implements StkPushRailActivities, DepositActivities {
        volatile FailureType promptFailure;
        volatile Runnable whileSent = () -> { };
        volatile Runnable whileAsked = () -> { };
        volatile Runnable whileClosing = () -> { };
        volatile Function<String, PromptResult> status = PromptResult::pending;
        final AtomicInteger promptAttempts = new AtomicInteger();
        final AtomicInteger queries = new AtomicInteger();
        final Map<String, PromptResult> settled = new ConcurrentHashMap<>();
        final Map<String, PromptResult> settledLate = new ConcurrentHashMap<>();
        final Map<String, String> holds = new ConcurrentHashMap<>();
        /** The hold's state when the prompt went to the rail: null when nothing was held before it. */
        final Map<String, String> heldWhenSent = new ConcurrentHashMap<>();
        final Map<String, Integer> credits = new ConcurrentHashMap<>();
        /** The deposits referred to operators: when they closed unconfirmed, as the workflow says. */
        final Map<String, Long> referred = new ConcurrentHashMap<>();
        /** When (test time) each deposit was referred. */
        final Map<String, Long> referredAt = new ConcurrentHashMap<>();
        volatile java.util.function.LongSupplier now = () -> 0L;

        @Override
        public boolean holdPrompt(String depositId) {
            holds.putIfAbsent(depositId, PENDING);
            return true;
        }

        @Override
        public PromptAcknowledgement sendPrompt(DepositCommand deposit) {
            promptAttempts.incrementAndGet();
            String hold = holds.get(deposit.depositId());
            if (hold != null) {
                heldWhenSent.put(deposit.depositId(), hold);
            }
            if (promptFailure == null) {
                whileSent.run();
                return new PromptAcknowledgement(true, "MR-1", "ws_CO_1", null);
            }
            throw promptFailure.failure("prompt failed as " + promptFailure, null);
        }

        @Override
        public PromptResult queryPrompt(String depositId) {
            queries.incrementAndGet();
            whileAsked.run();
            return status.apply(depositId);
        }

        @Override
        public void recordPrompt(String depositId, PromptAcknowledgement acknowledgement) {
        }

        @Override
        public synchronized void closeDeposit(String depositId, PromptResult result) {
            if (settled.putIfAbsent(depositId, result) == null) {
                if (result.paid()) {
                    collect(depositId);
                } else if (!result.outcomeUnknown() && holds.containsKey(depositId)) {
                    holds.put(depositId, VOIDED);
                }
            }
            whileClosing.run();
        }

        @Override
        public synchronized LateSuccess closeLateSuccess(String depositId, PromptResult result) {
            settledLate.put(depositId, result);
            if (VOIDED.equals(holds.get(depositId))) {
                credits.putIfAbsent("deposit:" + depositId + ":paid-late", 1);
            } else {
                collect(depositId);
            }
            return LateSuccess.DONE;
        }

        @Override
        public synchronized void referUnconfirmed(String depositId, long unconfirmedSinceMillis) {
            if (PENDING.equals(holds.get(depositId))) { // as DepositActivitiesImpl: only a credit still held waits
                referred.putIfAbsent(depositId, unconfirmedSinceMillis);
                referredAt.putIfAbsent(depositId, now.getAsLong());
            }
        }

        @Override
        public synchronized void releaseUnconfirmed(String depositId, PromptResult result) {
            holds.computeIfPresent(depositId, (id, state) -> PENDING.equals(state) ? VOIDED : state);
        }

        private void collect(String depositId) {
            if (!POSTED.equals(holds.get(depositId))) {
                holds.computeIfPresent(depositId, (id, state) -> POSTED);
                credits.merge("deposit:" + depositId, 1, Integer::sum);
            }
        }
    }

    static final String PENDING = "PENDING";
    static final String POSTED = "POSTED";
    static final String VOIDED = "VOIDED";

    TestWorkflowEnvironment env;
    FailingRail rail;
    String lastWorkflowId;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
        rail = new FailingRail();
        rail.now = env::currentTimeMillis;
        Worker worker = env.newWorker(TaskQueues.COLLECTIONS);
        worker.registerWorkflowImplementationTypes(ExpressDepositWorkflowImpl.class);
        worker.registerActivitiesImplementations(rail);
        env.start();
    }

    /** Keeps the workflow's history for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        RecordedHistories.keepIfAsked(env, lastWorkflowId,
                "express-deposit-v4-" + test.getTestMethod().orElseThrow().getName());
        env.close();
    }

    @Test
    void givenARailThatCannotBeReached_theDepositShouldEndNotReached_afterRetryingForTheGiveUpWindow() {
        rail.promptFailure = FailureType.RAIL_UNAVAILABLE;

        String resultCode = start("dep-unreachable").process(command("dep-unreachable"));

        assertThat(resultCode).isEqualTo(PromptResult.NOT_REACHED);
        assertThat(rail.settled.get("dep-unreachable").resultCode()).isEqualTo(PromptResult.NOT_REACHED);
        assertThat(rail.promptAttempts.get()).as("transport failures are retried").isGreaterThan(1);
        assertThat(rail.holds).as("the prompt never reached the rail: its held credit is released")
                .containsEntry("dep-unreachable", VOIDED);
    }

    @Test
    void givenAnAnswerThatCannotBeRead_theDepositShouldFailVisibly_notPretendThePayerWasUnreachable() {
        rail.promptFailure = FailureType.BAD_DATA;

        assertThatThrownBy(() -> start("dep-garbled").process(command("dep-garbled")))
                .isInstanceOf(WorkflowFailedException.class);

        assertThat(rail.settled).as("nothing is settled on a guess").isEmpty();
        assertThat(rail.promptAttempts.get()).as("bad data is not retried").isEqualTo(1);
    }

    @Test
    void givenASuccessArrivingWhileTheDepositClosesUnpaid_itShouldBeClosedLate_andThePaymentReported() {
        rail.promptFailure = null;
        ExpressDepositWorkflow deposit = start("dep-closing");
        rail.whileClosing = () -> signalPaid("dep-closing");

        String resultCode = deposit.process(command("dep-closing"));

        assertThat(rail.settled.get("dep-closing").resultCode()).isEqualTo(PromptResult.NOT_REACHED);
        assertThat(rail.settledLate.get("dep-closing").receiptNumber()).isEqualTo("LATE1RCPT");
        assertThat(resultCode).as("a checkout waiting on this deposit is told it was paid")
                .isEqualTo(PromptResult.SUCCESS);
    }

    @Test
    void givenASuccessArrivingWhileTheRailIsAsked_itShouldBeTheOutcome_notNotReached() {
        rail.promptFailure = null;
        ExpressDepositWorkflow deposit = start("dep-asked");
        rail.whileAsked = () -> signalPaid("dep-asked");

        assertThat(deposit.process(command("dep-asked"))).isEqualTo(PromptResult.SUCCESS);
        assertThat(rail.settled.get("dep-asked").receiptNumber()).isEqualTo("LATE1RCPT");
        assertThat(rail.settledLate).isEmpty();
    }

    @Test
    void givenAPromptOut_itsCreditShouldBeHeldBeforeItIsSent_andThePayersSuccessPostIt_once() {
        ExpressDepositWorkflow deposit = start("dep-paid");
        rail.whileSent = () -> signal("dep-paid", PromptResult.SUCCESS, "Paid", "RCPT1");

        assertThat(deposit.process(command("dep-paid"))).isEqualTo(PromptResult.SUCCESS);

        assertThat(rail.heldWhenSent).as("held before the rail was asked").containsEntry("dep-paid", PENDING);
        assertThat(rail.holds).containsEntry("dep-paid", POSTED);
        assertThat(rail.credits).containsExactly(Map.entry("deposit:dep-paid", 1));
    }

    @Test
    void givenThePayerCancels_orAWrongPin_theHeldCreditShouldBeReleased_andNothingCredited() {
        ExpressDepositWorkflow cancelled = start("dep-cancelled");
        rail.whileSent = () -> signal("dep-cancelled", PromptResult.CANCELLED, "Request cancelled by user", null);
        assertThat(cancelled.process(command("dep-cancelled"))).isEqualTo(PromptResult.CANCELLED);

        ExpressDepositWorkflow wrongPin = start("dep-pin");
        rail.whileSent = () -> signal("dep-pin", "2001", "The initiator information is invalid", null);
        assertThat(wrongPin.process(command("dep-pin"))).isEqualTo("2001");

        assertThat(rail.holds).containsEntry("dep-cancelled", VOIDED).containsEntry("dep-pin", VOIDED);
        assertThat(rail.credits).isEmpty();
    }

    @Test
    void givenARailThatSaysThePromptTimedOut_theHeldCreditShouldBeReleased() {
        rail.status = id -> new PromptResult(id, PromptResult.State.ANSWERED, "1037", "DS timeout user cannot be reached",
                null, null);

        assertThat(start("dep-ds-timeout").process(command("dep-ds-timeout"))).isEqualTo(PromptResult.NOT_REACHED);

        assertThat(rail.settled.get("dep-ds-timeout").outcomeUnknown()).as("the rail's own 1037 is its word").isFalse();
        assertThat(rail.holds).containsEntry("dep-ds-timeout", VOIDED);
        assertThat(rail.queries.get()).isEqualTo(1);
    }

    @Test
    void givenNoCallback_andAStatusQueryWithNoFinalWord_theHeldCreditShouldStayPending_throughTheReconciliationWindow() {
        String resultCode = start("dep-unknown").process(command("dep-unknown"));

        assertThat(resultCode).as("the client hears 1037, as before").isEqualTo(PromptResult.NOT_REACHED);
        assertThat(rail.settled.get("dep-unknown").outcomeUnknown()).isTrue();
        assertThat(rail.holds).containsEntry("dep-unknown", PENDING);
        assertThat(rail.credits).isEmpty();
        assertThat(rail.queries.get()).as("asked at the window's end, then every interval for the window")
                .isEqualTo(1 + (int) (Policies.RECONCILIATION_WINDOW.toMinutes()
                        / Policies.PROMPT_RECONCILIATION_QUERY_INTERVAL.toMinutes()));
    }

    @Test
    void givenARailSilentThroughTheReconciliationWindow_theDepositShouldBeReferredToOperations_withItsCreditHeld() {
        long started = env.currentTimeMillis();

        assertThat(start("dep-silent").process(command("dep-silent"))).isEqualTo(PromptResult.NOT_REACHED);

        assertThat(rail.holds).containsEntry("dep-silent", PENDING);
        assertThat(rail.referred).containsOnlyKeys("dep-silent");
        long closed = rail.referred.get("dep-silent");
        assertThat(closed - started).as("unconfirmed since the prompt window's end")
                .isGreaterThanOrEqualTo(Duration.ofMinutes(2).toMillis())
                .isLessThan(Duration.ofMinutes(3).toMillis());
        assertThat(rail.referredAt.get("dep-silent") - closed).as("referred once the rail was asked for the window")
                .isGreaterThanOrEqualTo(Policies.RECONCILIATION_WINDOW.toMillis());
        assertThat(rail.credits).isEmpty();
    }

    @Test
    void givenAnUnknownOutcome_thatTheRailLaterSaysWasPaid_theKeptHoldShouldBePosted_once() {
        AtomicInteger asked = new AtomicInteger();
        rail.status = id -> asked.incrementAndGet() < 4 ? PromptResult.pending(id)
                : new PromptResult(id, PromptResult.State.ANSWERED, PromptResult.SUCCESS, "Paid", "RCPT2", null);

        assertThat(start("dep-unknown-paid").process(command("dep-unknown-paid"))).isEqualTo(PromptResult.SUCCESS);

        assertThat(rail.settledLate.get("dep-unknown-paid").receiptNumber()).isEqualTo("RCPT2");
        assertThat(rail.holds).containsEntry("dep-unknown-paid", POSTED);
        assertThat(rail.credits).containsExactly(Map.entry("deposit:dep-unknown-paid", 1));
        assertThat(rail.referred).isEmpty();
    }

    @Test
    void givenAnUnknownOutcome_thatTheRailLaterSaysFailed_theKeptHoldShouldBeReleased() {
        AtomicInteger asked = new AtomicInteger();
        rail.status = id -> asked.incrementAndGet() < 3 ? PromptResult.pending(id)
                : new PromptResult(id, PromptResult.State.ANSWERED, "1", "The balance is insufficient", null, null);

        assertThat(start("dep-unknown-failed").process(command("dep-unknown-failed")))
                .isEqualTo(PromptResult.NOT_REACHED);

        assertThat(rail.holds).containsEntry("dep-unknown-failed", VOIDED);
        assertThat(rail.credits).isEmpty();
        assertThat(rail.queries.get()).as("no more asking once the rail has said").isEqualTo(3);
        assertThat(rail.referred).as("the rail decided: nothing for operators").isEmpty();
    }

    @Test
    void givenASuccessAfterTheHoldWasReleased_itShouldBeCreditedOnce_underThePaidLateKey() {
        ExpressDepositWorkflow deposit = start("dep-late");
        rail.whileSent = () -> signal("dep-late", "1", "The balance is insufficient", null);
        rail.whileClosing = () -> signal("dep-late", PromptResult.SUCCESS, "Paid", "LATE2RCPT");

        assertThat(deposit.process(command("dep-late"))).isEqualTo(PromptResult.SUCCESS);

        assertThat(rail.holds).containsEntry("dep-late", VOIDED);
        assertThat(rail.credits).containsExactly(Map.entry("deposit:dep-late:paid-late", 1));
    }

    /** The rail's success callback, as RailCallbacks signals it, from an activity's thread. */
    private void signalPaid(String depositId) {
        signal(depositId, PromptResult.SUCCESS, "Paid", "LATE1RCPT");
    }

    private void signal(String depositId, String resultCode, String resultDesc, String receipt) {
        env.getWorkflowClient().newWorkflowStub(ExpressDepositWorkflow.class,
                WorkflowIds.expressDeposit("client-1", "ocid-" + depositId)).promptResult(new PromptResult(depositId,
                PromptResult.State.ANSWERED, resultCode, resultDesc, receipt, "20261120101010"));
    }

    private ExpressDepositWorkflow start(String depositId) {
        lastWorkflowId = WorkflowIds.expressDeposit("client-1", "ocid-" + depositId);
        return env.getWorkflowClient().newWorkflowStub(ExpressDepositWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.COLLECTIONS).setWorkflowId(lastWorkflowId)
                .setWorkflowExecutionTimeout(Duration.ofDays(3)).build());
    }

    private static DepositCommand command(String depositId) {
        return new DepositCommand(depositId, "client-1", "ocid-" + depositId, "254708374149", new BigDecimal("10.00"),
                "INV-1", "Invoice", Duration.ofMinutes(2));
    }
}
