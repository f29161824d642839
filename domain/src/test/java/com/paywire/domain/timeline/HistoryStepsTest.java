package com.paywire.domain.timeline;

import static com.paywire.domain.timeline.HistoryBuilder.at;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.timeline.TimelineStep.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rules that turn a workflow run's history into steps in words. */
class HistoryStepsTest {

    private static final HistorySteps STEPS = new HistorySteps(HistoryBuilder.READER);
    private static final io.temporal.api.common.v1.RetryPolicy RAIL_POLICY =
            HistoryBuilder.policy(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(30));

    private static TimelineStep only(List<TimelineStep> steps, String kind) {
        List<TimelineStep> ofKind = steps.stream().filter(s -> kind.equals(s.operator().kind())).toList();
        assertThat(ofKind).as("steps of kind %s in %s", kind, steps).hasSize(1);
        return ofKind.getFirst();
    }

    @Test
    void givenTheWorkflowsStart_itsStepShouldCarryItsSummary_andLastAsLongAsTheRun() {
        HistoryBuilder history = new HistoryBuilder();
        history.workflowStarted("PaymentOrderLineWorkflow", "Payout of 1000.00 KES by MOBILE_MONEY, order o-1");
        long end = history.workflowCompleted("COMPLETED");

        List<TimelineStep> steps = STEPS.of(history.run());

        assertThat(steps).extracting(TimelineStep::words).containsExactly(
                "started the payout line: Payout of 1000.00 KES by MOBILE_MONEY, order o-1",
                "the workflow finished: completed");
        assertThat(steps.getFirst().outcome()).isEqualTo(Outcome.STARTED);
        assertThat(steps.getFirst().duration()).isEqualTo(Duration.ofSeconds(end - 1));
        assertThat(steps.getFirst().operator().workflowId()).isEqualTo(HistoryBuilder.WORKFLOW_ID);
        assertThat(steps.getFirst().operator().runId()).isEqualTo(HistoryBuilder.RUN_ID);
    }

    @Test
    void givenAnActivityThatSucceededOnItsThirdAttempt_itsStepShouldSayTheAttempt_andThatTwoFailed() {
        HistoryBuilder history = new HistoryBuilder();
        long scheduled = history.activityScheduled("SendPayout", RAIL_POLICY, Map.of("amount", 100));
        long started = history.activityStarted(scheduled, 3, null);
        long completed = history.activityCompleted(scheduled, Map.of("accepted", true, "railResponseCode", "0",
                "railResponseDescription", "Accepted"));

        TimelineStep sent = only(STEPS.of(history.run()), "ACTIVITY");

        assertThat(sent.words()).isEqualTo("sent the payout to the rail: accepted (0: Accepted)");
        assertThat(sent.outcome()).isEqualTo(Outcome.COMPLETED);
        assertThat(sent.attempt()).isEqualTo(3);
        assertThat(sent.failure()).isEqualTo("attempts 1 to 2 failed");
        assertThat(sent.time()).isEqualTo(at(scheduled));
        assertThat(sent.duration()).isEqualTo(Duration.ofSeconds(completed - scheduled));
        assertThat(sent.operator().eventIds()).containsExactly(scheduled, started, completed);
        assertThat(sent.operator().name()).isEqualTo("SendPayout");
    }

    @Test
    void givenAServiceThatKeepsTheLastFailure_theStepShouldNameIt() {
        HistoryBuilder history = new HistoryBuilder();
        long scheduled = history.activityScheduled("SendPayout", RAIL_POLICY);
        history.activityStarted(scheduled, 2, HistoryBuilder.railAnswered(503));
        history.activityCompleted(scheduled, Map.of("accepted", true));

        assertThat(only(STEPS.of(history.run()), "ACTIVITY").failure())
                .isEqualTo("attempt 1 failed: rail answered 503");
    }

    @Test
    void givenAnActivityStillRetryingAfterA503_itsStepShouldSaySo_withTheWaitItsPolicyGives() {
        HistoryBuilder history = new HistoryBuilder();
        long scheduled = history.activityScheduled("SendPayout", RAIL_POLICY);
        history.pendingActivity(scheduled, 4, HistoryBuilder.railAnswered(503));

        TimelineStep sending = only(STEPS.of(history.run()), "ACTIVITY");

        assertThat(sending.outcome()).isEqualTo(Outcome.RETRYING);
        assertThat(sending.attempt()).isEqualTo(4);
        assertThat(sending.words()).isEqualTo("sent the payout to the rail");
        assertThat(sending.failure()).isEqualTo("rail answered 503, retrying in 4 s");
        assertThat(sending.duration()).as("not over yet").isNull();
    }

    @Test
    void givenAnActivityThatFailedAtOnce_itsStepShouldSayWhyInPlainWords() {
        HistoryBuilder history = new HistoryBuilder();
        long scheduled = history.activityScheduled("SettleLine", RAIL_POLICY);
        history.activityStarted(scheduled, 1, null);
        history.activityFailed(scheduled, HistoryBuilder.applicationFailure("reservation payout:ref-1 was voided",
                "INVARIANT_VIOLATED"));

        TimelineStep closing = only(STEPS.of(history.run()), "ACTIVITY");

        assertThat(closing.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(closing.failure())
                .isEqualTo("Paywire's records disagree, for an operator to look at: reservation payout:ref-1 was voided");
    }

    @Test
    void givenAnActivityThatRanOutOfAttempts_itsStepShouldSayTheLastFailure_andHowManyAttemptsItTook() {
        HistoryBuilder history = new HistoryBuilder();
        long scheduled = history.activityScheduled("TopUpAirtime", RAIL_POLICY, "recipient-1");
        history.activityStarted(scheduled, 5, null);
        history.activityFailed(scheduled, HistoryBuilder.railAnswered(503));

        TimelineStep topUp = only(STEPS.of(history.run()), "ACTIVITY");

        assertThat(topUp.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(topUp.attempt()).isEqualTo(5);
        assertThat(topUp.failure()).isEqualTo("rail answered 503; gave up after 5 attempts");
    }

    @Test
    void givenALocalActivity_itsStepShouldBeReadFromItsMarker_withItsAttemptAndResult() {
        HistoryBuilder history = new HistoryBuilder();
        history.workflowStarted("PaymentOrderLineWorkflow", null);
        long marker = history.localActivity("ReserveFunds", 2, at(2).plusMillis(200),
                Map.of("outcome", "INSUFFICIENT_FUNDS", "fee", 10), Map.of("amount", 100));

        TimelineStep reserve = only(STEPS.of(history.run()), "LOCAL_ACTIVITY");

        assertThat(reserve.words()).isEqualTo("checked the working account for the amount and fee: insufficient funds");
        assertThat(reserve.attempt()).isEqualTo(2);
        assertThat(reserve.failure()).isEqualTo("attempt 1 failed");
        assertThat(reserve.time()).as("when the worker first scheduled it").isEqualTo(at(2).plusMillis(200));
        assertThat(reserve.duration()).isEqualTo(Duration.between(at(2).plusMillis(200), at(marker)));
        assertThat(reserve.operator().name()).isEqualTo("ReserveFunds");
    }

    @Test
    void givenALocalActivityScheduledOnAnotherClock_itsStepShouldTakeItsWorkflowTasksTime() {
        HistoryBuilder history = new HistoryBuilder();
        history.localActivity("ClaimForSending", 1, at(1).minus(Duration.ofDays(3)), true, "ref-1");

        TimelineStep claim = only(STEPS.of(history.run()), "LOCAL_ACTIVITY");

        assertThat(claim.time()).as("the task's start, not a time days before it").isEqualTo(at(1));
        assertThat(claim.words()).isEqualTo("claimed the line for sending");
    }

    @Test
    void givenTimers_eachShouldSayHowItEnded_orUntilWhenItWaits() {
        HistoryBuilder history = new HistoryBuilder();
        history.workflowStarted("CardPaymentWorkflow", null);
        history.timerStarted("fired", Duration.ofSeconds(20));
        history.timerFired("fired");
        long cancelledAt = history.timerStarted("cancelled", Duration.ofMinutes(1));
        history.timerCanceled("cancelled");
        long waiting = history.timerStarted("waiting", Duration.ofDays(180));

        List<TimelineStep> timers = STEPS.of(history.run()).stream()
                .filter(s -> "TIMER".equals(s.operator().kind())).toList();

        assertThat(timers).extracting(TimelineStep::outcome)
                .containsExactly(Outcome.FIRED, Outcome.CUT_SHORT, Outcome.WAITING);
        assertThat(timers).extracting(TimelineStep::words).containsExactly("waited 20 s",
                "waited 1 s of at most 1 min: what it waited for came",
                "waits at most 180 d, until " + at(waiting).plus(Duration.ofDays(180)));
        assertThat(timers.get(1).time()).isEqualTo(at(cancelledAt));
        assertThat(timers).extracting(s -> s.operator().name()).containsExactly("fired", "cancelled", "waiting");
    }

    @Test
    void givenATimerOfARunThatEnded_itShouldNotSayItStillWaits() {
        HistoryBuilder history = new HistoryBuilder();
        history.timerStarted("answer-window", Duration.ofSeconds(20));
        history.signaled("railResult", Map.of("state", "COMPLETED", "resultCode", "0"));
        history.workflowCompleted("COMPLETED");

        TimelineStep timer = only(STEPS.of(history.run()), "TIMER");

        assertThat(timer.outcome()).isEqualTo(Outcome.CUT_SHORT);
        assertThat(timer.words()).isEqualTo("waited at most 20 s: the workflow went on before");
    }

    @Test
    void givenTheRailsCallback_theSignalsStepShouldSayWhatItSaid_andNothingOfThePayee() {
        HistoryBuilder history = new HistoryBuilder();
        history.signaled("railResult", Map.of("reference", "ref-1", "state", "COMPLETED", "resultCode", "0",
                "resultDescription", "Processed", "creditPartyName", "Jane Doe", "walletBalance", 5000));

        TimelineStep callback = only(STEPS.of(history.run()), "SIGNAL");

        assertThat(callback.words()).isEqualTo("rail called back: paid (0: Processed)");
        assertThat(callback.outcome()).isEqualTo(Outcome.RECEIVED);
        assertThat(callback.operator().name()).isEqualTo("railResult");
    }

    @Test
    void givenUpdates_eachShouldSayWhatWasAsked_andHowItEnded() {
        HistoryBuilder history = new HistoryBuilder();
        long accepted = history.updateAccepted("u-1", "capture", Map.of("id", "cap_1", "amount", 100));
        long completed = history.updateCompleted("u-1", HistoryBuilder.success(Map.of("id", "cap_1",
                "status", "CAPTURED", "amount", 100, "currency", "KES")));
        history.updateAccepted("u-2", "refund", Map.of("id", "ref_1", "amount", 500));
        history.updateCompleted("u-2", HistoryBuilder.failure("The refund exceeds what is left to refund"));
        history.updateAccepted("u-3", "voidAuthorisation", Map.of("id", "void_1"));

        List<TimelineStep> updates = STEPS.of(history.run());

        assertThat(updates).extracting(TimelineStep::words).containsExactly(
                "the client asked to capture: captured 100.00 KES", "the client asked to refund",
                "the client asked to void the authorisation");
        assertThat(updates).extracting(TimelineStep::outcome)
                .containsExactly(Outcome.COMPLETED, Outcome.FAILED, Outcome.ACCEPTED);
        assertThat(updates.get(1).failure()).isEqualTo("The refund exceeds what is left to refund");
        assertThat(updates.getFirst().operator().eventIds()).containsExactly(accepted, completed);
    }

    @Test
    void givenAChildAndAContinuation_theyShouldBeSteps_andTheChildNamed() {
        HistoryBuilder history = new HistoryBuilder();
        long initiated = history.childInitiated("ExpressDepositWorkflow", "express-deposit:acme:attempt-1");
        history.childStarted(initiated, "express-deposit:acme:attempt-1", "child-run");
        history.childCompleted(initiated, "0");
        history.continuedAsNew("run-2");

        List<TimelineStep> steps = STEPS.of(history.run());

        assertThat(steps).extracting(TimelineStep::words).containsExactly(
                "started the express deposit as a child (express-deposit:acme:attempt-1): result code 0",
                "continued as a new run, to keep its history short (run run-2)");
        assertThat(steps).extracting(TimelineStep::outcome).containsExactly(Outcome.COMPLETED, Outcome.CONTINUED);
    }
}
