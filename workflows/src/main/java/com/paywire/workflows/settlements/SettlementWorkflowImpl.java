package com.paywire.workflows.settlements;

import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.settlements.SettlementStatus;
import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.PayoutRailActivities;
import com.paywire.workflows.payouts.PayoutTiming;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import org.slf4j.Logger;

/**
 * A settlement's lifecycle, as a payout line's (PaymentOrderLineWorkflowImpl) from version
 * {@code unknown-outcome-keeps-its-hold}: held, sent, then posted, released or kept held. An unknown outcome reads
 * UNCONFIRMED; the bank is asked through the reconciliation window; still nothing, the settlement is referred to
 * operations and this run waits, hold kept, for the bank's late callback, which decides it.
 */
public class SettlementWorkflowImpl implements SettlementWorkflow {

    private static final Logger log = Workflow.getLogger(SettlementWorkflowImpl.class);

    private final SettlementActivities settlements = Workflow.newActivityStub(SettlementActivities.class,
            Policies.database(TaskQueues.PAYOUTS));
    private final PayoutRailActivities statusQueries = Workflow.newActivityStub(PayoutRailActivities.class,
            Policies.railCall(TaskQueues.PAYOUTS, Policies.STATUS_QUERY_GIVE_UP));

    private String settlementId;
    private PayoutLineCommand payout;
    private RailResult callback;

    @Override
    public SettlementStatus settle(SettlementCommand command) {
        settlementId = command.settlementId();
        SettlementHold hold = settlements.holdSettlement(settlementId);
        if (!hold.held()) {
            return SettlementStatus.FAILED; // the hold's step recorded why
        }
        payout = hold.payout();
        PayoutTiming timing = command.timing();
        RailAcknowledgement acknowledgement = send(timing);
        if (acknowledgement == null) {
            // the bank could not be reached for the whole window: did it get the instruction anyway?
            RailResult known = queryStatus();
            if (known.state() == RailResult.State.UNKNOWN) {
                settlements.failSettlement(settlementId, ResultCode.THIRD_PARTY_UNAVAILABLE.code(),
                        ResultCode.THIRD_PARTY_UNAVAILABLE.description());
                return SettlementStatus.FAILED;
            }
        } else if (!acknowledgement.accepted()) {
            RailResult refusal = acknowledgement.refusal();
            settlements.failSettlement(settlementId, refusal.resultCode(), refusal.resultDescription());
            return SettlementStatus.FAILED;
        }
        RailResult answer = await(timing.railAnswerWindow(), timing.statusQueryInterval());
        if (answer == null) {
            settlements.keepHeldUnconfirmed(settlementId);
            answer = await(timing.reconciliationWindow(), timing.reconciliationQueryInterval());
            if (answer == null) {
                log.warn("No final answer for settlement {} in its reconciliation window: referred, hold kept",
                        settlementId);
                settlements.referSettlement(settlementId);
                Workflow.await(() -> callback != null);
                answer = callback;
            }
        }
        settlements.closeSettlement(settlementId, answer);
        return answer.state() == RailResult.State.COMPLETED ? SettlementStatus.PAID : SettlementStatus.FAILED;
    }

    @Override
    public void railResult(RailResult result) {
        if (callback == null && result.hasFinalAnswer()) {
            callback = result;
        } else {
            log.info("Ignoring bank callback for settlement {}: {}", result.reference(),
                    callback == null ? "not final" : "duplicate");
        }
    }

    /** @return the bank's acknowledgement, or null when it could not be reached within the answer window */
    private RailAcknowledgement send(PayoutTiming timing) {
        PayoutRailActivities rail = Workflow.newActivityStub(PayoutRailActivities.class,
                Policies.railCall(TaskQueues.PAYOUTS, timing.railAnswerWindow()));
        return RailCalls.orWhenUnreachable(() -> rail.sendPayout(payout), failure -> {
            log.warn("Bank unreachable for settlement {}: {}", settlementId, failure.getMessage());
            return null;
        });
    }

    /** Waits for the callback, asking the bank on a timer meanwhile; null when the window closes without an answer. */
    private RailResult await(Duration window, Duration interval) {
        long deadline = Workflow.currentTimeMillis() + window.toMillis();
        long remaining;
        while ((remaining = deadline - Workflow.currentTimeMillis()) > 0) {
            Duration wait = Duration.ofMillis(Math.min(interval.toMillis(), remaining));
            if (Workflow.await(wait, () -> callback != null)) {
                return callback;
            }
            RailResult polled = queryStatus();
            if (polled.hasFinalAnswer()) {
                return polled;
            }
        }
        if (callback != null) {
            return callback;
        }
        RailResult last = queryStatus();
        return last.hasFinalAnswer() ? last : null;
    }

    private RailResult queryStatus() {
        return RailCalls.orWhenUnreachable(() -> statusQueries.queryPayoutStatus(payout.rail(), payout.reference()),
                failure -> RailResult.pending(payout.reference()));
    }
}
