package com.paywire.activities.payouts;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.activities.ActivityCollaborators;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.domain.payouts.PayoutOutcomes;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.vocabulary.lifecycle.Lifecycles;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.workflows.payouts.LineOutcome;
import com.paywire.workflows.payouts.PayoutActivities;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.RailResult;
import com.paywire.workflows.payouts.Reservation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The ledger and read-model steps of a payout line. Each activity but publishOutcome is one database transaction
 * that first locks the line's row and looks at its status, so that a retry after a crash (the work done, the
 * completion lost) finds its own work and does nothing twice; how a line's money and record end, and its events,
 * are {@link PayoutOutcomes}', shared with operators' resolutions. A line is found, and its ledger transfers and
 * events keyed, by its reference ({@link PayoutLineCommand#reference()}): unique across the platform, where a stan
 * is not.
 */
@Component
public class PayoutActivitiesImpl implements PayoutActivities {

    private static final Logger log = LoggerFactory.getLogger(PayoutActivitiesImpl.class);
    /** How many lines of an order one transaction holds: a 10,000-line payroll holds in 20. */
    static final int HOLD_AHEAD = 500;

    private final PayoutStore store;
    private final MoneyEngine money;
    private final ChargeBands charges;
    private final TransactionTemplate transaction;
    private final PayoutOutcomes outcomes;
    private final PaymentJournal journal;

    public PayoutActivitiesImpl(PayoutStore store, ChargeBands charges, PayoutOutcomes outcomes,
                                ActivityCollaborators with) {
        this.store = store;
        this.money = with.money();
        this.charges = charges;
        this.transaction = with.transaction();
        this.outcomes = outcomes;
        this.journal = with.journal();
    }

    @Override
    public Reservation reserveAndClaim(String reference) {
        return reported(() -> transaction.execute(tx -> reserve(store.lockLine(reference), LineStatus.PROCESSING)));
    }

    @Override
    public Reservation reserveFunds(PayoutLineCommand line) {
        return reported(() -> transaction.execute(tx -> reserve(store.lockLine(line.reference()), LineStatus.QUEUED)));
    }

    /**
     * Holds amount plus fee for the locked line and moves it to {@code reservedStatus}, unless it was rejected or
     * the working account is short (recorded Failed).
     */
    private Reservation reserve(PayoutLineRow row, LineStatus reservedStatus) {
        String reference = row.railReference();
        LineStatus status = row.transactionStatus();
        if (status == LineStatus.REJECTED) {
            releaseHeldAhead(row);
            return new Reservation(Reservation.Outcome.REJECTED, null);
        }
        if (status != LineStatus.PENDING) { // a retry: this activity already ran to its end
            return status == LineStatus.FAILED
                    ? new Reservation(Reservation.Outcome.INSUFFICIENT_FUNDS, row.feeAmount())
                    : new Reservation(Reservation.Outcome.RESERVED, row.feeAmount());
        }
        // the API computed the fee when it accepted the line; only lines recorded without one ask again
        BigDecimal fee = row.feeAmount();
        if (fee == null) {
            fee = charges.feeFor(row.routeTransactionTypeId(), row.amount());
            store.setFee(reference, fee);
        }
        if (!hold(row, PayoutOutcomes.movement(reference, row.clientId(), row.rail(), row.amount(), fee))) {
            outcomes.recordOutcome(row, LineStatus.FAILED, ResultCode.INSUFFICIENT_FUNDS.code(),
                    ResultCode.INSUFFICIENT_FUNDS.description(), null, null);
            PaymentOrderRow order = store.markProcessedIfAllFinal(row.orderId());
            journal.finished(PaymentJournal.Payment.of(row), PaymentJournal.Outcome.FAILED, order.createdAt(),
                    ResultCode.INSUFFICIENT_FUNDS.description() + " in the working account");
            return new Reservation(Reservation.Outcome.INSUFFICIENT_FUNDS, fee);
        }
        store.setStatus(reference, Lifecycles.PAYOUT_LINE.requireMove(status, reservedStatus));
        return new Reservation(Reservation.Outcome.RESERVED, fee);
    }

    /**
     * Holds the line's amount and fee. A line of a payroll whose hold is not made yet holds for the Pending lines
     * after it too, up to {@value #HOLD_AHEAD} in all, in one transaction that locks the client's working account
     * once (issue 46): their own steps then find their holds made and lock nothing of the client's. What does not
     * fit is left to the line's own step, which tries again when it runs, as every line did before.
     */
    private boolean hold(PayoutLineRow row, Movement movement) {
        if (money.wasHeld(movement)) {
            return money.hold(movement, description(movement)); // held ahead by an earlier line: answered, not held again
        }
        List<Movement> lines = new ArrayList<>(List.of(movement));
        store.pendingLinesAfter(row.orderId(), row.lineNumber(), HOLD_AHEAD - 1)
                .forEach(ahead -> lines.add(PayoutOutcomes.movement(ahead)));
        return money.holdAll(lines, PayoutActivitiesImpl::description).getFirst();
    }

    /** A line the client rejected after an earlier line held for it: what it holds goes back. */
    private void releaseHeldAhead(PayoutLineRow row) {
        if (row.feeAmount() == null) {
            return; // never held ahead: those lines alone are
        }
        Movement movement = PayoutOutcomes.movement(row);
        if (money.wasHeld(movement)) {
            money.release(movement); // a retry finds it released, and releasing twice releases once
        }
    }

    private static String description(Movement movement) {
        return "Payout " + movement.id();
    }

    @Override
    public boolean claimForSending(String reference) {
        return reported(() -> transaction.execute(tx -> {
            LineStatus status = store.lockLine(reference).transactionStatus();
            // only a reserved line is sent: reserveFunds leaves it Queued; a Pending one holds nothing yet
            if (status == LineStatus.QUEUED) {
                store.setStatus(reference, Lifecycles.PAYOUT_LINE.requireMove(status, LineStatus.PROCESSING));
                return true;
            }
            return status == LineStatus.PROCESSING; // a retry of a claim that succeeded
        }));
    }

    @Override
    public void closeLine(LineOutcome outcome) {
        reported(() -> transaction.executeWithoutResult(tx -> outcomes.close(outcome)));
    }

    @Override
    public void closeAndPublish(LineOutcome outcome) {
        reported(() -> outcomes.closeAndPublish(outcome));
    }

    @Override
    public void keepHoldUnconfirmed(LineOutcome timedOut, boolean referNow) {
        reported(() -> outcomes.keepHoldUnconfirmed(timedOut, referNow));
    }

    @Override
    public void referToOperations(String reference) {
        reported(() -> outcomes.refer(reference));
    }

    @Override
    public void reconcileLateAnswer(String reference, RailResult answer) {
        reported(() -> outcomes.reconcileLateAnswer(reference, answer));
    }

    @Override
    public void reconcileLateSuccess(String reference, RailResult railResult) {
        reported(() -> transaction.executeWithoutResult(tx -> {
            PayoutLineRow row = store.lockLine(reference);
            if (row.transactionStatus() != LineStatus.TIMED_OUT) {
                return; // reconciled already
            }
            String payer = money.bookLateSuccess(PayoutOutcomes.movement(row), "Late success of payout " + reference);
            log.warn("Reconciled late success of payout {}: amount from {}", reference, payer);
            outcomes.recordOutcome(row, LineStatus.COMPLETED, ResultCode.SUCCESS.code(),
                    "Success (reconciled after timeout)", null, railResult);
            store.markProcessedIfAllFinal(row.orderId());
        }));
    }

    @Override
    public void publishOutcome(String reference) {
        reported(() -> outcomes.publish(reference));
    }
}
