package com.paywire.workflows.payouts;

import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import com.paywire.workflows.TaskQueues;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.TemporalFailure;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import org.slf4j.Logger;

public class PaymentOrderLineWorkflowImpl implements PaymentOrderLineWorkflow {

    private static final Logger log = Workflow.getLogger(PaymentOrderLineWorkflowImpl.class);
    private static final String SIGNAL_ONLY_WHEN_AWAITED = "signal-order-only-when-lines-wait";
    private static final String LOCAL_DATABASE_STEPS = "database-steps-as-local-activities";
    private static final String PUBLISH_EVENTS = "publish-payout-events";
    private static final String UNREACHABLE_BY_FAILURE_TYPE = "rail-unreachable-only-by-failure-type";
    private static final String RELEASE_WHEN_CANCELLED = "release-funds-when-cancelled";
    private static final String KNOWN_BY_REFERENCE = "line-known-by-its-reference";
    private static final String TWO_DATABASE_STEPS = "reserve-and-claim-then-close-and-publish";
    private static final String UNKNOWN_KEEPS_HOLD = "unknown-outcome-keeps-its-hold";

    /** The ledger and read-model steps; local activities from version 1 of LOCAL_DATABASE_STEPS on. */
    private PayoutActivities payouts;
    private final PayoutRailActivities statusQueries = Workflow.newActivityStub(PayoutRailActivities.class,
            Policies.railCall(TaskQueues.PAYOUTS, Policies.STATUS_QUERY_GIVE_UP));

    private PayoutLineCommand line;
    private String systemTraceAuditNumber;
    /** How the activities, the rail and the ledger know the line. */
    private String reference;
    /** Whether this run takes two database steps around the rail, not four (version 1 of TWO_DATABASE_STEPS). */
    private boolean twoDatabaseSteps;
    /**
     * Whether a line whose outcome is unknown (no final answer in the window, or cancelled while at the rail) keeps
     * its hold until the rail or an operator decides (version 1 of UNKNOWN_KEEPS_HOLD); earlier runs released it.
     */
    private boolean unknownKeepsHold;
    private LineStatus status = LineStatus.PENDING;
    /** Whether this run keeps its PaymentStatus search attribute up to date (PaymentSearchAttributes). */
    private boolean searchable;
    /** The first final answer the rail sent by callback; later ones are duplicates. */
    private RailResult callback;
    private RailAcknowledgement acknowledgement;

    @Override
    public LineStatus process(PayoutLineCommand line) {
        systemTraceAuditNumber = line.systemTraceAuditNumber();
        this.line = line;
        // version 1: the short database steps run as local activities, which saves a round trip through the
        // Temporal service and a workflow task per step; earlier runs scheduled them as ordinary activities
        payouts = Workflow.getVersion(LOCAL_DATABASE_STEPS, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION
                ? Workflow.newActivityStub(PayoutActivities.class, Policies.database(TaskQueues.PAYOUTS))
                : Workflow.newLocalActivityStub(PayoutActivities.class, Policies.localDatabase());
        // version 1: the line is known by its reference, unique across clients; earlier runs used the stan, which
        // is unique only among one client's lines
        reference = Workflow.getVersion(KNOWN_BY_REFERENCE, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION
                ? systemTraceAuditNumber : line.reference();
        // version 1: two local activities where there were four, each one database transaction: reserveAndClaim
        // (given the line's reference, not its whole command: it reads the row anyway) and, once the rail has
        // answered, closeAndPublish; earlier runs took reserveFunds, claimForSending, closeLine and publishOutcome
        twoDatabaseSteps = Workflow.getVersion(TWO_DATABASE_STEPS, Workflow.DEFAULT_VERSION, 1) == 1;
        // version 1: a Timed Out line keeps its hold while its outcome is unknown; earlier runs released it at the
        // timeout and booked a late success again (from the receivable when the working account was short)
        unknownKeepsHold = twoDatabaseSteps
                && Workflow.getVersion(UNKNOWN_KEEPS_HOLD, Workflow.DEFAULT_VERSION, 1) == 1;
        searchable = PaymentSearchAttributes.setByTheWorkflow();
        try {
            return reserveSendAndClose(line);
        } catch (TemporalFailure failure) {
            // version 1: a line cancelled before its outcome releases what it holds; earlier runs held it forever
            if (CancellationScope.current().isCancelRequested() && !status.isFinal()
                    && Workflow.getVersion(RELEASE_WHEN_CANCELLED, Workflow.DEFAULT_VERSION, 1) == 1) {
                Workflow.newDetachedCancellationScope(() -> closeCancelled(line)).run();
            } else if (CancellationScope.current().isCancelRequested() && unknownKeepsHold
                    && status == LineStatus.TIMED_OUT) {
                // cancelled while waiting for a late answer: no one asks the rail any more, so an operator must
                Workflow.newDetachedCancellationScope(() -> payouts.referToOperations(reference)).run();
            }
            throw failure;
        }
    }

    private LineStatus reserveSendAndClose(PayoutLineCommand line) {
        Reservation reservation = twoDatabaseSteps ? payouts.reserveAndClaim(reference) : payouts.reserveFunds(line);
        switch (reservation.outcome()) {
            case REJECTED -> {
                return finish(LineStatus.REJECTED, false);
            }
            case INSUFFICIENT_FUNDS -> {
                return finish(LineStatus.FAILED, false); // the reservation recorded the failure with resultCode 1
            }
            // Queued only until claimForSending, the next local activity (or claimed already, by reserveAndClaim):
            // not worth a search attribute's event
            case RESERVED -> status = LineStatus.QUEUED;
        }
        if (!twoDatabaseSteps && !payouts.claimForSending(reference)) {
            return closeAndFinish(LineStatus.REJECTED, ResultCode.REJECTED, null, null);
        }
        status = PaymentSearchAttributes.statusChanged(searchable, status, LineStatus.PROCESSING);

        acknowledgement = send(line);
        if (acknowledgement == null) {
            // the rail could not be reached for the whole window; ask whether it got the instruction anyway
            RailResult known = queryStatus(line);
            if (known.state() == RailResult.State.UNKNOWN) {
                return closeAndFinish(LineStatus.FAILED, ResultCode.THIRD_PARTY_UNAVAILABLE, null, null);
            }
        } else if (!acknowledgement.accepted()) {
            RailResult refusal = acknowledgement.refusal();
            return closeAndFinish(new LineOutcome(reference, LineStatus.FAILED, refusal.resultCode(),
                    refusal.resultDescription(), acknowledgement, refusal));
        }

        RailResult answer = awaitRailAnswer(line);
        if (answer == null) {
            if (unknownKeepsHold) {
                keepHoldUntilKnown(line);
                return status;
            }
            closeAndFinish(LineStatus.TIMED_OUT, ResultCode.TIMEOUT, acknowledgement, null);
            reconcileLateAnswer(line);
            return status;
        }
        LineStatus outcome = answer.state() == RailResult.State.COMPLETED ? LineStatus.COMPLETED : LineStatus.FAILED;
        return closeAndFinish(new LineOutcome(reference, outcome, answer.resultCode(), answer.resultDescription(),
                acknowledgement, answer));
    }

    @Override
    public void railResult(RailResult result) {
        if (callback == null && result.hasFinalAnswer()) {
            callback = result;
        } else {
            log.info("Ignoring rail callback for {} in state {}: {}", result.reference(), status,
                    callback == null ? "not final" : "duplicate");
        }
    }

    @Override
    public LineStatus status() {
        return status;
    }

    /** @return the rail's acknowledgement, or null when it could not be reached within the answer window */
    private RailAcknowledgement send(PayoutLineCommand line) {
        PayoutRailActivities rail = Workflow.newActivityStub(PayoutRailActivities.class,
                Policies.railCall(TaskQueues.PAYOUTS, line.timing().railAnswerWindow()));
        return RailCalls.orWhenUnreachable(() -> rail.sendPayout(line), PaymentOrderLineWorkflowImpl::railUnreachable,
                failure -> {
                    log.warn("Rail {} unreachable for line {}: {}", line.rail(), line.systemTraceAuditNumber(),
                            failure.getMessage());
                    return null;
                });
    }

    /**
     * Version 1 of UNREACHABLE_BY_FAILURE_TYPE: only a rail that could not be reached reads as unreachable, and any
     * other failure (a bug, bad data) fails the workflow where it can be seen; earlier runs read every failure so.
     */
    private static boolean railUnreachable(ActivityFailure failure) {
        return Workflow.getVersion(UNREACHABLE_BY_FAILURE_TYPE, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION
                || FailureType.railUnreachable(failure);
    }

    /** Waits for the callback, asking the rail on a timer meanwhile; null when the window closes without an answer. */
    private RailResult awaitRailAnswer(PayoutLineCommand line) {
        PayoutTiming timing = line.timing();
        long deadline = Workflow.currentTimeMillis() + timing.railAnswerWindow().toMillis();
        long remaining;
        while ((remaining = deadline - Workflow.currentTimeMillis()) > 0) {
            Duration wait = Duration.ofMillis(Math.min(timing.statusQueryInterval().toMillis(), remaining));
            if (Workflow.await(wait, () -> callback != null)) {
                return callback;
            }
            RailResult polled = queryStatus(line);
            if (polled.hasFinalAnswer()) {
                return polled;
            }
        }
        RailResult last = callback != null ? callback : queryStatus(line); // the last look before giving up
        return last.hasFinalAnswer() ? last : null;
    }

    /**
     * Version 1 of UNKNOWN_KEEPS_HOLD: the line reads Timed Out (the order counts it final), its hold kept; the
     * rail's late answer within the reconciliation window posts (Completed) or releases (Failed) it, and the client
     * hears the final result; without one the line is referred to operations, hold kept, and this run ends: from
     * then on the line's money is decided by an operator's resolution or by the workflow a late callback starts,
     * each under the line's lock, and never by this run.
     */
    private void keepHoldUntilKnown(PayoutLineCommand line) {
        payouts.keepHoldUnconfirmed(new LineOutcome(reference, LineStatus.TIMED_OUT, ResultCode.TIMEOUT.code(),
                ResultCode.TIMEOUT.description(), acknowledgement, null), false);
        finish(LineStatus.TIMED_OUT, true);
        RailResult late = awaitLateAnswer(line);
        if (late == null) {
            log.warn("No final answer for line {} in its reconciliation window: referred to operations",
                    systemTraceAuditNumber);
            payouts.referToOperations(reference);
            if (callback == null) {
                return;
            }
            late = callback; // it came while the referral was recorded: decided now, not left to an operator
        }
        LineStatus outcome = late.state() == RailResult.State.COMPLETED ? LineStatus.COMPLETED : LineStatus.FAILED;
        payouts.closeAndPublish(new LineOutcome(reference, outcome, late.resultCode(), late.resultDescription(),
                acknowledgement, late));
        status = PaymentSearchAttributes.statusChanged(searchable, status, outcome);
    }

    /**
     * After a timeout the money may still have left: a late success is posted, not lost. Runs that timed out before
     * version 1 of UNKNOWN_KEEPS_HOLD, whose hold was released at the timeout.
     */
    private void reconcileLateAnswer(PayoutLineCommand line) {
        RailResult late = awaitLateAnswer(line);
        if (late != null && late.state() == RailResult.State.COMPLETED) {
            log.warn("Late success for timed-out line {}: reconciling", line.systemTraceAuditNumber());
            payouts.reconcileLateSuccess(reference, late);
            status = PaymentSearchAttributes.statusChanged(searchable, status, LineStatus.COMPLETED);
            publishOutcome();
        }
    }

    /**
     * Waits through the reconciliation window for the rail's final answer (its callback, or its status query on a
     * timer); null when the window closes without one.
     */
    private RailResult awaitLateAnswer(PayoutLineCommand line) {
        Duration window = line.timing().reconciliationWindow();
        long deadline = Workflow.currentTimeMillis() + window.toMillis();
        long remaining;
        RailResult late = null;
        while (late == null && (remaining = deadline - Workflow.currentTimeMillis()) > 0) {
            Duration wait = Duration.ofMillis(Math.min(line.timing().reconciliationQueryInterval().toMillis(), remaining));
            if (Workflow.await(wait, () -> callback != null)) {
                late = callback;
            } else {
                RailResult polled = queryStatus(line);
                late = polled.hasFinalAnswer() ? polled : null;
            }
        }
        return late;
    }

    private RailResult queryStatus(PayoutLineCommand line) {
        return RailCalls.orWhenUnreachable(() -> statusQueries.queryPayoutStatus(line.rail(), reference),
                PaymentOrderLineWorkflowImpl::railUnreachable, failure -> RailResult.pending(reference));
    }

    /**
     * The line was cancelled before its outcome. An instruction that may have reached the rail is asked about
     * once: the rail's final answer, if it has one, is the outcome. Otherwise, from version 1 of UNKNOWN_KEEPS_HOLD,
     * a line that was at the rail (Processing) may still be paid: it reads Timed Out, its hold kept, and is referred
     * to operations at once, since this run can no longer ask; a line that never reached the rail (not yet
     * Processing, or one the rail says it never heard of), and any line of an earlier run, is Cancelled and its hold
     * released. An answer the rail sends after this starts the line's reconciliation (RailCallbacks), which posts or
     * releases what is held, or books a success after the release.
     */
    private void closeCancelled(PayoutLineCommand line) {
        RailResult known = callback;
        if (known == null && status == LineStatus.PROCESSING) {
            known = queryStatus(line);
        }
        if (known != null && known.hasFinalAnswer()) {
            LineStatus outcome = known.state() == RailResult.State.COMPLETED ? LineStatus.COMPLETED : LineStatus.FAILED;
            closeAndFinish(new LineOutcome(reference, outcome, known.resultCode(), known.resultDescription(),
                    acknowledgement, known));
        } else if (unknownKeepsHold && status == LineStatus.PROCESSING
                && (known == null || known.state() != RailResult.State.UNKNOWN)) {
            log.warn("Line {} cancelled while at the rail, outcome unknown: hold kept, referred to operations",
                    systemTraceAuditNumber);
            payouts.keepHoldUnconfirmed(new LineOutcome(reference, LineStatus.TIMED_OUT, ResultCode.TIMEOUT.code(),
                    ResultCode.TIMEOUT.description(), acknowledgement, null), true);
            finish(LineStatus.TIMED_OUT, true);
        } else {
            log.warn("Line {} cancelled in status {}: releasing its funds", systemTraceAuditNumber, status);
            closeAndFinish(LineStatus.CANCELLED, ResultCode.CANCELLED, acknowledgement, null);
        }
    }

    private LineStatus closeAndFinish(LineStatus outcome, ResultCode code, RailAcknowledgement acknowledgement,
                                      RailResult result) {
        return closeAndFinish(new LineOutcome(reference, outcome, code.code(), code.description(), acknowledgement,
                result));
    }

    /** Closes the line with its outcome and finishes it; from version 1 of TWO_DATABASE_STEPS one step publishes both. */
    private LineStatus closeAndFinish(LineOutcome outcome) {
        if (twoDatabaseSteps) {
            payouts.closeAndPublish(outcome);
            return finish(outcome.status(), true);
        }
        payouts.closeLine(outcome);
        return finish(outcome.status(), false);
    }

    /**
     * Tells the client: version 1 of PUBLISH_EVENTS publishes the line's event (and the order's, if this line
     * completed it) through the delivery engine; earlier runs published nothing.
     */
    private void publishOutcome() {
        if (Workflow.getVersion(PUBLISH_EVENTS, Workflow.DEFAULT_VERSION, 1) == 1) {
            payouts.publishOutcome(reference);
        }
    }

    /**
     * Records the final status, tells the client (unless the step that closed the line did), and, when other lines of
     * the order wait for a slot, frees this one.
     */
    private LineStatus finish(LineStatus finalStatus, boolean outcomePublished) {
        status = PaymentSearchAttributes.statusChanged(searchable, status, finalStatus);
        if (!outcomePublished) {
            publishOutcome();
        }
        Workflow.getInfo().getParentWorkflowId().ifPresent(parent -> {
            // version 1: signal only when the order waits; earlier runs always signalled
            boolean signal = Workflow.getVersion(SIGNAL_ONLY_WHEN_AWAITED, Workflow.DEFAULT_VERSION, 1)
                    == Workflow.DEFAULT_VERSION || line.orderWaitsForSlots();
            if (signal) {
                Workflow.newExternalWorkflowStub(PaymentOrderWorkflow.class, parent).lineSettled(systemTraceAuditNumber);
            }
        });
        return finalStatus;
    }
}
