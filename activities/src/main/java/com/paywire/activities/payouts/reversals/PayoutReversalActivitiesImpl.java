package com.paywire.activities.payouts.reversals;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.activities.ActivityCollaborators;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.observability.MoneyBackMeter;
import com.paywire.domain.payouts.PayoutOutcomes;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.persistence.payouts.reversals.PayoutReversalStore;
import com.paywire.vocabulary.lifecycle.Lifecycles;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.reversals.PayoutReversal;
import com.paywire.vocabulary.payouts.reversals.PayoutReversalStatus;
import com.paywire.workflows.paybacks.PayBackAnswer;
import com.paywire.workflows.payouts.reversals.PayoutReversalActivities;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The ledger and the record of a payout reversal, each step in one transaction under the reversal's lock and the
 * line's, once.
 */
@Component
public class PayoutReversalActivitiesImpl implements PayoutReversalActivities {

    private static final Logger log = LoggerFactory.getLogger(PayoutReversalActivitiesImpl.class);

    private final PayoutReversalStore reversals;
    private final PayoutStore payouts;
    private final PayoutOutcomes outcomes;
    private final MoneyEngine money;
    private final TransactionTemplate transaction;
    private final Clock clock;
    private final MoneyBackMeter meter;

    public PayoutReversalActivitiesImpl(PayoutReversalStore reversals, PayoutStore payouts, PayoutOutcomes outcomes,
                                        MoneyBackMeter meter, ActivityCollaborators with) {
        this.reversals = reversals;
        this.payouts = payouts;
        this.outcomes = outcomes;
        this.meter = meter;
        this.money = with.money();
        this.transaction = with.transaction();
        this.clock = with.clock();
    }

    @Override
    public void holdReversal(String reversalId) {
        reported(() -> transaction.executeWithoutResult(tx -> {
            PayoutReversal reversal = reversals.lock(UUID.fromString(reversalId));
            if (reversal.status() != PayoutReversalStatus.PENDING) {
                return; // held before (a retry), or closed
            }
            PayoutLineRow line = payouts.lockLine(reversal.lineReference());
            if (line.transactionStatus() != LineStatus.COMPLETED) {
                throw new InvariantViolationException("payout reversal " + reversalId + " of a line that is "
                        + line.transactionStatus());
            }
            money.holdPayoutReversal(PayoutOutcomes.movement(line), reversal.holdKey(), "Payout "
                    + line.systemTraceAuditNumber() + " reversed from " + reversal.msisdn());
            reversals.recordReversing(reversal.id());
            log.info("Payout reversal {} of line {}: {} {} held for {}'s working account", reversalId,
                    line.railReference(), reversal.amount(), reversal.currency(), reversal.clientId());
        }));
    }

    @Override
    public void closeReversal(String reversalId, PayBackAnswer answer) {
        reported(() -> {
            Closed closed = transaction.execute(tx -> close(UUID.fromString(reversalId), answer));
            if (closed.now()) {
                meter.payoutReversalClosed(closed.reversal().status() == PayoutReversalStatus.REVERSED);
            }
            if (closed.reversal().status() == PayoutReversalStatus.REVERSED) {
                // its own event id: publishing again after a retry is a no-op
                outcomes.publish(closed.reversal().lineReference());
            }
        });
    }

    /** The reversal after the answer, and whether this answer closed it (false: closed before). */
    private record Closed(PayoutReversal reversal, boolean now) {
    }

    private Closed close(UUID id, PayBackAnswer answer) {
        PayoutReversal reversal = reversals.lock(id);
        if (reversal.status().isFinal()) {
            return new Closed(reversal, false); // closed before: the money moved once
        }
        if (reversal.status() != PayoutReversalStatus.REVERSING || !answer.decides()) {
            throw new InvariantViolationException("payout reversal " + id + " is " + reversal.status()
                    + " and cannot be closed by " + answer.state());
        }
        OffsetDateTime now = OffsetDateTime.now(clock);
        if (answer.state() == PayBackAnswer.State.PAID) {
            PayoutLineRow line = payouts.lockLine(reversal.lineReference());
            if (!Lifecycles.PAYOUT_LINE.canMove(line.transactionStatus(), LineStatus.REVERSED)) {
                throw new InvariantViolationException("payout reversal " + id + " reversed a line that is "
                        + line.transactionStatus());
            }
            money.settlePayoutReversal(reversal.holdKey());
            payouts.setStatus(line.railReference(), LineStatus.REVERSED);
            reversals.recordClosed(id, PayoutReversalStatus.REVERSED, answer.code(), answer.confirmation(), now);
            log.info("Payout reversal {}: line {} reversed, {} {} back on {}'s working account", id,
                    line.railReference(), reversal.amount(), reversal.currency(), reversal.clientId());
        } else {
            money.releasePayoutReversal(reversal.holdKey());
            String why = answer.refusal();
            reversals.recordClosed(id, PayoutReversalStatus.REFUSED, answer.code(), why, now);
            log.warn("Payout reversal {} of line {} refused, the line stays Completed: {}", id,
                    reversal.lineReference(), why);
        }
        return new Closed(reversals.find(id).orElseThrow(), true);
    }

    @Override
    public void keepReversalHeld(String reversalId, String note) {
        reported(() -> {
            if (reversals.recordWaiting(UUID.fromString(reversalId), note)) {
                meter.payoutReversalHeld();
            }
            log.warn("Payout reversal {}: {}", reversalId, note);
        });
    }
}
