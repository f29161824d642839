package com.paywire.workflows.payouts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.atLeast;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;
import static org.mockito.Mockito.withSettings;

import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.TaskQueues;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.mockito.InOrder;

/**
 * The payout line workflow as it is, with its activities stubbed (Mockito) and time skipped: which steps it takes on
 * each path (paid, refused, rail away then back, rail away for good, no answer in time and what comes after,
 * cancelled at the rail, rejected, short of funds) and what it answers.
 */
class PaymentOrderLineWorkflowStubActivitiesTest {

    static final String REFERENCE = "PW-LINE-1";
    static final PayoutTiming TIMING =
            new PayoutTiming(Duration.ofMinutes(2), Duration.ofSeconds(30), Duration.ofHours(3), 10);
    static final PayoutLineCommand LINE = new PayoutLineCommand("client-a", "order-1", "line-1",
            "9c1f7a52-5f4e-4a47-9d1c-3f1f0b7c2a10", Rail.MOBILE_MONEY, 1, new BigDecimal("100.00"), "KES",
            "+254712345678", "Jane", "63902", "salary", TIMING, false, null, REFERENCE);
    static final RailAcknowledgement ACCEPTED = new RailAcknowledgement(true, "RAIL-1", "0", "Accepted", null);

    TestWorkflowEnvironment env;
    final PayoutActivities payouts = mock(PayoutActivities.class, withSettings().withoutAnnotations());
    final PayoutRailActivities rail = mock(PayoutRailActivities.class, withSettings().withoutAnnotations());

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
        Worker worker = env.newWorker(TaskQueues.PAYOUTS);
        worker.registerWorkflowImplementationTypes(PaymentOrderLineWorkflowImpl.class);
        worker.registerActivitiesImplementations(payouts, rail);
        env.start();
        when(payouts.reserveAndClaim(REFERENCE)).thenReturn(new Reservation(Reservation.Outcome.RESERVED,
                new BigDecimal("10.00")));
    }

    @AfterEach
    void tearDown() {
        env.close();
    }

    static RailResult answer(RailResult.State state, String code) {
        return new RailResult(REFERENCE, state, code, state.name(), "R" + code, state.name(), "RCPT-1", "JANE",
                null, "2026-03-01T12:00:00Z");
    }

    PaymentOrderLineWorkflow newLine() {
        return env.getWorkflowClient().newWorkflowStub(PaymentOrderLineWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.PAYOUTS).setWorkflowId("line-" + REFERENCE)
                        .build());
    }

    LineOutcome closed() {
        ArgumentCaptor<LineOutcome> outcome = ArgumentCaptor.forClass(LineOutcome.class);
        verify(payouts).closeAndPublish(outcome.capture());
        return outcome.getValue();
    }

    @Test
    void givenTheRailsCallbackSaysPaid_theLineShouldCompleteWithItsAnswer_inTheOrderOfTheSteps() {
        when(rail.sendPayout(any())).thenReturn(ACCEPTED);
        PaymentOrderLineWorkflow line = newLine();
        WorkflowClient.start(line::process, LINE);
        line.railResult(answer(RailResult.State.COMPLETED, "0"));

        assertThat(WorkflowStub.fromTyped(line).getResult(LineStatus.class)).isEqualTo(LineStatus.COMPLETED);
        InOrder steps = inOrder(payouts, rail);
        steps.verify(payouts).reserveAndClaim(REFERENCE);
        steps.verify(rail).sendPayout(LINE);
        steps.verify(payouts).closeAndPublish(any());
        verifyNoMoreInteractions(payouts); // two database steps: the close published the outcome
        assertThat(closed()).isEqualTo(new LineOutcome(REFERENCE, LineStatus.COMPLETED, "0", "COMPLETED", ACCEPTED,
                answer(RailResult.State.COMPLETED, "0")));
    }

    @Test
    void givenTheRailRefusesTheInstruction_theLineShouldFailWithTheRefusal_andTheRailNeverBeAskedAgain() {
        RailResult refusal = answer(RailResult.State.FAILED, "2");
        RailAcknowledgement refused = new RailAcknowledgement(false, null, "2", "Invalid account", refusal);
        when(rail.sendPayout(any())).thenReturn(refused);

        assertThat(newLine().process(LINE)).isEqualTo(LineStatus.FAILED);
        assertThat(closed()).isEqualTo(new LineOutcome(REFERENCE, LineStatus.FAILED, "2", "FAILED", refused, refusal));
        verify(rail, never()).queryPayoutStatus(any(), anyString());
        verify(payouts, never()).publishOutcome(anyString()); // closeAndPublish published it
    }

    @Test
    void givenTheRailAwayForTwoAttempts_theSendShouldBeRetried_andTheLinePaidOnItsStatusQuery() {
        when(rail.sendPayout(any()))
                .thenThrow(FailureType.RAIL_UNAVAILABLE.failure("connection refused", null))
                .thenThrow(FailureType.RAIL_UNAVAILABLE.failure("502 from the rail", null))
                .thenReturn(ACCEPTED);
        when(rail.queryPayoutStatus(Rail.MOBILE_MONEY, REFERENCE)).thenReturn(answer(RailResult.State.COMPLETED, "0"));

        assertThat(newLine().process(LINE)).isEqualTo(LineStatus.COMPLETED);
        verify(rail, times(3)).sendPayout(LINE);
        assertThat(closed().status()).isEqualTo(LineStatus.COMPLETED);
    }

    @Test
    void givenTheRailAwayForTheWholeWindow_andNeverHavingHeardOfTheLine_itShouldFailAsThirdPartyUnavailable() {
        when(rail.sendPayout(any())).thenThrow(FailureType.RAIL_UNAVAILABLE.failure("connection refused", null));
        when(rail.queryPayoutStatus(Rail.MOBILE_MONEY, REFERENCE))
                .thenReturn(new RailResult(REFERENCE, RailResult.State.UNKNOWN, null, null, null, null, null, null,
                        null, null));

        assertThat(newLine().process(LINE)).isEqualTo(LineStatus.FAILED);
        verify(rail, atLeast(3)).sendPayout(LINE);
        assertThat(closed()).isEqualTo(new LineOutcome(REFERENCE, LineStatus.FAILED,
                ResultCode.THIRD_PARTY_UNAVAILABLE.code(), ResultCode.THIRD_PARTY_UNAVAILABLE.description(), null,
                null));
    }

    @Test
    void givenABugInTheRailAdapter_itShouldFailTheWorkflow_notReadAsTheRailAway() {
        when(rail.sendPayout(any())).thenThrow(FailureType.BAD_DATA.failure("unknown status code", null));

        WorkflowClient.start(newLine()::process, LINE);
        WorkflowStub line = env.getWorkflowClient().newUntypedWorkflowStub("line-" + REFERENCE);

        assertThatThrownBy(() -> line.getResult(LineStatus.class)).isInstanceOf(WorkflowFailedException.class)
                .rootCause().isInstanceOfSatisfying(ApplicationFailure.class,
                        failure -> assertThat(failure.getType()).isEqualTo(FailureType.BAD_DATA.name()));
        verify(rail, times(1)).sendPayout(LINE);
        verify(payouts, never()).closeAndPublish(any());
    }

    static final LineOutcome TIMED_OUT = new LineOutcome(REFERENCE, LineStatus.TIMED_OUT, ResultCode.TIMEOUT.code(),
            ResultCode.TIMEOUT.description(), ACCEPTED, null);

    @Test
    void givenNoFinalAnswerInTheWindow_theLineShouldReadTimedOut_withItsHoldKept_andALateSuccessPostIt() {
        when(rail.sendPayout(any())).thenReturn(ACCEPTED);
        RailResult pending = RailResult.pending(REFERENCE);
        RailResult late = answer(RailResult.State.COMPLETED, "0");
        // the window (2 minutes, a query every 30 seconds, and one last look): five pending answers
        when(rail.queryPayoutStatus(Rail.MOBILE_MONEY, REFERENCE))
                .thenReturn(pending, pending, pending, pending, pending, late);

        assertThat(newLine().process(LINE)).isEqualTo(LineStatus.COMPLETED);
        InOrder steps = inOrder(payouts);
        steps.verify(payouts).keepHoldUnconfirmed(TIMED_OUT, false); // Timed Out published, nothing released
        steps.verify(payouts).closeAndPublish(new LineOutcome(REFERENCE, LineStatus.COMPLETED, "0", "COMPLETED",
                ACCEPTED, late)); // the kept hold posted, once
        verify(payouts, times(1)).closeAndPublish(any());
        verify(payouts, never()).reconcileLateSuccess(anyString(), any()); // no second transfer, no receivable
        verify(payouts, never()).referToOperations(anyString());
    }

    @Test
    void givenALateFailureAfterTheTimeout_theKeptHoldShouldBeReleased_withTheRailsCode() {
        when(rail.sendPayout(any())).thenReturn(ACCEPTED);
        RailResult pending = RailResult.pending(REFERENCE);
        RailResult late = answer(RailResult.State.FAILED, "6");
        when(rail.queryPayoutStatus(Rail.MOBILE_MONEY, REFERENCE))
                .thenReturn(pending, pending, pending, pending, pending, pending, late);

        assertThat(newLine().process(LINE)).isEqualTo(LineStatus.FAILED);
        InOrder steps = inOrder(payouts);
        steps.verify(payouts).keepHoldUnconfirmed(TIMED_OUT, false);
        steps.verify(payouts).closeAndPublish(new LineOutcome(REFERENCE, LineStatus.FAILED, "6", "FAILED", ACCEPTED,
                late));
        verify(payouts, never()).reconcileLateSuccess(anyString(), any());
    }

    @Test
    void givenALateCallbackAfterTheTimeout_itShouldDecideTheKeptHold() {
        when(rail.sendPayout(any())).thenReturn(ACCEPTED);
        when(rail.queryPayoutStatus(Rail.MOBILE_MONEY, REFERENCE)).thenReturn(RailResult.pending(REFERENCE));
        PaymentOrderLineWorkflow line = newLine();
        WorkflowClient.start(line::process, LINE);
        env.sleep(Duration.ofMinutes(10)); // past the answer window
        verify(payouts).keepHoldUnconfirmed(TIMED_OUT, false);
        assertThat(line.status()).isEqualTo(LineStatus.TIMED_OUT);

        RailResult late = answer(RailResult.State.COMPLETED, "0");
        line.railResult(late);

        assertThat(WorkflowStub.fromTyped(line).getResult(LineStatus.class)).isEqualTo(LineStatus.COMPLETED);
        verify(payouts).closeAndPublish(new LineOutcome(REFERENCE, LineStatus.COMPLETED, "0", "COMPLETED", ACCEPTED,
                late));
    }

    @Test
    void givenNoAnswerEvenAfterTheReconciliationWindow_theLineShouldBeReferredToOperations_withItsHoldKept() {
        when(rail.sendPayout(any())).thenReturn(ACCEPTED);
        when(rail.queryPayoutStatus(Rail.MOBILE_MONEY, REFERENCE)).thenReturn(RailResult.pending(REFERENCE));

        assertThat(newLine().process(LINE)).isEqualTo(LineStatus.TIMED_OUT);
        InOrder steps = inOrder(payouts);
        steps.verify(payouts).keepHoldUnconfirmed(TIMED_OUT, false);
        steps.verify(payouts).referToOperations(REFERENCE);
        verify(payouts, never()).closeAndPublish(any()); // the hold is neither posted nor released
        verify(payouts, never()).reconcileLateSuccess(anyString(), any());
    }

    @Test
    void givenALineCancelledWhileAtTheRail_withNoFinalAnswer_itShouldKeepItsHold_andBeReferredAtOnce() {
        when(rail.sendPayout(any())).thenReturn(ACCEPTED);
        when(rail.queryPayoutStatus(Rail.MOBILE_MONEY, REFERENCE)).thenReturn(RailResult.pending(REFERENCE));
        PaymentOrderLineWorkflow line = newLine();
        WorkflowClient.start(line::process, LINE);
        env.sleep(Duration.ofSeconds(45));

        WorkflowStub.fromTyped(line).cancel();

        assertThatThrownBy(() -> WorkflowStub.fromTyped(line).getResult(LineStatus.class))
                .isInstanceOf(WorkflowFailedException.class);
        verify(payouts).keepHoldUnconfirmed(TIMED_OUT, true);
        verify(payouts, never()).closeAndPublish(any()); // not Cancelled: its hold is not released
    }

    @Test
    void givenALineCancelledWhileAtTheRail_whichNeverHeardOfIt_itShouldBeCancelled_andItsHoldReleased() {
        when(rail.sendPayout(any())).thenReturn(ACCEPTED);
        when(rail.queryPayoutStatus(Rail.MOBILE_MONEY, REFERENCE)).thenReturn(RailResult.pending(REFERENCE));
        PaymentOrderLineWorkflow line = newLine();
        WorkflowClient.start(line::process, LINE);
        env.sleep(Duration.ofSeconds(45));
        when(rail.queryPayoutStatus(Rail.MOBILE_MONEY, REFERENCE)).thenReturn(new RailResult(REFERENCE,
                RailResult.State.UNKNOWN, null, null, null, null, null, null, null, null));

        WorkflowStub.fromTyped(line).cancel();

        assertThatThrownBy(() -> WorkflowStub.fromTyped(line).getResult(LineStatus.class))
                .isInstanceOf(WorkflowFailedException.class);
        assertThat(closed().status()).isEqualTo(LineStatus.CANCELLED);
        verify(payouts, never()).keepHoldUnconfirmed(any(), eq(true));
    }

    @Test
    void givenALineCancelledWhileWaitingForALateAnswer_itShouldBeReferred() {
        when(rail.sendPayout(any())).thenReturn(ACCEPTED);
        when(rail.queryPayoutStatus(Rail.MOBILE_MONEY, REFERENCE)).thenReturn(RailResult.pending(REFERENCE));
        PaymentOrderLineWorkflow line = newLine();
        WorkflowClient.start(line::process, LINE);
        env.sleep(Duration.ofMinutes(10));

        WorkflowStub.fromTyped(line).cancel();

        assertThatThrownBy(() -> WorkflowStub.fromTyped(line).getResult(LineStatus.class))
                .isInstanceOf(WorkflowFailedException.class);
        InOrder steps = inOrder(payouts);
        steps.verify(payouts).keepHoldUnconfirmed(TIMED_OUT, false);
        steps.verify(payouts).referToOperations(REFERENCE);
        verify(payouts, never()).closeAndPublish(any());
    }

    /** reserveAndClaim keeps the line locked from the hold to the claim: a rejection comes before both, or after. */
    @Test
    void givenTheClientRejectedTheLineBeforeItWasSent_itShouldBeRejected_andNeverReachTheRail() {
        when(payouts.reserveAndClaim(REFERENCE)).thenReturn(new Reservation(Reservation.Outcome.REJECTED, null));

        assertThat(newLine().process(LINE)).isEqualTo(LineStatus.REJECTED);
        verify(rail, never()).sendPayout(any());
        verify(payouts, never()).closeAndPublish(any()); // nothing was held, and the rejection is recorded
        verify(payouts).publishOutcome(REFERENCE);
    }

    @Test
    void givenTooLittleInTheWorkingAccount_theLineShouldFail_withNothingSentOrClosed() {
        when(payouts.reserveAndClaim(REFERENCE))
                .thenReturn(new Reservation(Reservation.Outcome.INSUFFICIENT_FUNDS, null));

        assertThat(newLine().process(LINE)).isEqualTo(LineStatus.FAILED);
        verify(rail, never()).sendPayout(any());
        verify(payouts, never()).closeAndPublish(any());
        verify(payouts).publishOutcome(eq(REFERENCE));
    }
}
