package com.paywire.activities.payouts;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.money.Movement;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.payouts.PaymentOrderRow;
import com.paywire.persistence.payouts.PayoutLineRow;
import com.paywire.persistence.payouts.PayoutRecords;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.Product;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.payouts.LineOutcome;
import com.paywire.workflows.payouts.PayoutActivities;
import com.paywire.workflows.payouts.PayoutEvents;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;
import com.paywire.workflows.payouts.Reservation;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The ledger and read-model steps of a payout line. Each activity is one database transaction that first
 * locks the line's row and looks at its status, so that a retry after a crash (the work done, the completion
 * lost) finds its own work and does nothing twice. A line is found, and its ledger transfers and events keyed, by
 * its reference ({@link PayoutLineCommand#reference()}): unique across the platform, where a stan is not.
 */
@Component
public class PayoutActivitiesImpl implements PayoutActivities {

    private static final Logger log = LoggerFactory.getLogger(PayoutActivitiesImpl.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PayoutStore store;
    private final Ledger ledger;
    private final MoneyEngine money;
    private final ChargeBands charges;
    private final TransactionTemplate transaction;
    private final EventPublisher publisher;
    private final Clock clock;
    private final PaymentJournal journal;

    public PayoutActivitiesImpl(PayoutStore store, Ledger ledger, MoneyEngine money, ChargeBands charges,
                                TransactionTemplate transaction, EventPublisher publisher, Clock clock,
                                PaymentJournal journal) {
        this.store = store;
        this.ledger = ledger;
        this.money = money;
        this.charges = charges;
        this.transaction = transaction;
        this.publisher = publisher;
        this.clock = clock;
        this.journal = journal;
    }

    @Override
    public Reservation reserveFunds(PayoutLineCommand line) {
        return reported(() -> transaction.execute(tx -> {
            String reference = line.reference();
            PayoutLineRow row = store.lockLine(reference);
            LineStatus status = row.transactionStatus();
            if (status == LineStatus.REJECTED) {
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
                fee = charges.feeFor(line.transactionTypeId(), line.amount());
                store.setFee(reference, fee);
            }
            if (!money.hold(movement(reference, line.clientId(), line.rail().name(), line.amount(), fee),
                    "Payout " + reference)) {
                recordOutcome(row, LineStatus.FAILED, ResultCode.INSUFFICIENT_FUNDS.code(),
                        ResultCode.INSUFFICIENT_FUNDS.description(), null, null);
                store.markProcessedIfAllFinal(row.orderId());
                journal.finished(PaymentJournal.Payment.of(row), PaymentJournal.Outcome.FAILED, acceptedAt(row),
                        ResultCode.INSUFFICIENT_FUNDS.description() + " in the working account");
                return new Reservation(Reservation.Outcome.INSUFFICIENT_FUNDS, fee);
            }
            store.setStatus(reference, LineStatus.QUEUED);
            return new Reservation(Reservation.Outcome.RESERVED, fee);
        }));
    }

    @Override
    public boolean claimForSending(String reference) {
        return reported(() -> transaction.execute(tx -> {
            LineStatus status = store.lockLine(reference).transactionStatus();
            if (status == LineStatus.QUEUED) {
                store.setStatus(reference, LineStatus.PROCESSING);
                return true;
            }
            return status == LineStatus.PROCESSING; // a retry of a claim that succeeded
        }));
    }

    @Override
    public void closeLine(LineOutcome outcome) {
        reported(() -> transaction.executeWithoutResult(tx -> {
            PayoutLineRow row = store.lockLine(outcome.systemTraceAuditNumber()); // the line's reference, see LineOutcome
            LineStatus current = row.transactionStatus();
            if (current.isFinal() && current != LineStatus.REJECTED) {
                log.info("Line {} already closed as {}; nothing to do", row.systemTraceAuditNumber(), current);
                return;
            }
            Movement movement = movement(row);
            if (outcome.status() == LineStatus.COMPLETED) {
                money.settle(movement);
            } else {
                money.release(movement);
            }
            recordOutcome(row, outcome.status(), outcome.resultCode(), outcome.resultDescription(),
                    outcome.acknowledgement(), outcome.railResult());
            store.markProcessedIfAllFinal(row.orderId());
            if (current != LineStatus.REJECTED) { // a rejected line was journaled when the client rejected it
                journal.finished(PaymentJournal.Payment.of(row), outcome.status() == LineStatus.COMPLETED
                                ? PaymentJournal.Outcome.COMPLETED : PaymentJournal.Outcome.FAILED, acceptedAt(row),
                        outcome.status().description() + ", result code " + outcome.resultCode());
            }
        }));
    }

    /** When the line's order was accepted. */
    private OffsetDateTime acceptedAt(PayoutLineRow row) {
        return store.findOrder(row.orderId())
                .orElseThrow(() -> new InvariantViolationException("no payment order " + row.orderId())).createdAt();
    }

    @Override
    public void reconcileLateSuccess(String reference, RailResult railResult) {
        reported(() -> transaction.executeWithoutResult(tx -> {
            PayoutLineRow row = store.lockLine(reference);
            if (row.transactionStatus() != LineStatus.TIMED_OUT) {
                return; // reconciled already
            }
            String payer = money.bookLateSuccess(movement(row), "Late success of payout " + reference);
            log.warn("Reconciled late success of payout {}: amount from {}", reference, payer);
            recordOutcome(row, LineStatus.COMPLETED, ResultCode.SUCCESS.code(),
                    "Success (reconciled after timeout)", null, railResult);
            store.markProcessedIfAllFinal(row.orderId());
        }));
    }

    @Override
    public void publishOutcome(String reference) {
        reported(() -> publish(reference));
    }

    private void publish(String reference) {
        PayoutLineRow line = store.findLine(reference)
                .orElseThrow(() -> new InvariantViolationException("no payout line " + reference));
        String type = PayoutEvents.ofLineStatus(line.transactionStatus());
        if (type == null) {
            return; // not final: nothing to tell yet
        }
        PaymentOrderRow order = store.findOrder(line.orderId())
                .orElseThrow(() -> new InvariantViolationException("no payment order " + line.orderId()));
        // one ordering key per order: its lines' events, then its own, reach each target in that order
        String orderingKey = "payment-order:" + order.id();
        long now = clock.millis();
        publisher.publish(new EventCommand(eventId(type + ":" + reference), line.clientId(), type,
                orderingKey, JSON.writeValueAsString(PayoutRecords.line(line, JSON)), null, now));
        if (order.isProcessed()) {
            publisher.publish(new EventCommand(eventId(PayoutEvents.ORDER_PROCESSED + ":" + order.id()),
                    order.clientId(), PayoutEvents.ORDER_PROCESSED, orderingKey,
                    JSON.writeValueAsString(PayoutRecords.orderHeader(order)), null, now));
        }
    }

    /** The same event always gets the same id, so publishing it again (a retry, a second line) is a no-op. */
    private static String eventId(String what) {
        return UUID.nameUUIDFromBytes(what.getBytes(StandardCharsets.UTF_8)).toString();
    }

    private static Movement movement(PayoutLineRow row) {
        return movement(row.railReference(), row.clientId(), row.rail(), row.amount(), row.feeAmount());
    }

    private static Movement movement(String reference, String clientId, String rail, BigDecimal amount,
                                     BigDecimal fee) {
        return new Movement(Product.PAYOUT, reference, clientId, rail, amount, fee);
    }

    private void recordOutcome(PayoutLineRow row, LineStatus status, String resultCode, String resultDescription,
                               RailAcknowledgement acknowledgement, RailResult result) {
        String trackingNumber = acknowledgement != null && acknowledgement.railTransactionId() != null
                ? acknowledgement.railTransactionId() : row.trackingNumber();
        store.recordOutcome(new PayoutStore.LineOutcome(row.railReference(), status, resultCode, resultDescription,
                trackingNumber, ledger.available(LedgerAccounts.working(row.clientId())),
                ledger.available(LedgerAccounts.utility(row.clientId())),
                result == null ? null : result.walletBalance(),
                OffsetDateTime.now(clock), result == null ? null : result.creditPartyName(),
                thirdPartyPayload(acknowledgement, result)));
    }

    private static String thirdPartyPayload(RailAcknowledgement acknowledgement, RailResult result) {
        Map<String, String> payload = new LinkedHashMap<>();
        payload.put("thirdPartyResponseCode", acknowledgement == null ? null : acknowledgement.railResponseCode());
        payload.put("thirdPartyResponseCodeDescription",
                acknowledgement == null ? null : acknowledgement.railResponseDescription());
        payload.put("thirdPartyResultCode", result == null ? null : result.railResultCode());
        payload.put("thirdPartyResultCodeDescription", result == null ? null : result.railResultDescription());
        payload.put("thirdPartyReceiptNumber", result == null ? null : result.receiptNumber());
        return JSON.writeValueAsString(payload);
    }
}
