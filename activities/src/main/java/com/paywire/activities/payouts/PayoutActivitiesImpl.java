package com.paywire.activities.payouts;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.money.Movement;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.notifications.EventStore;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The ledger and read-model steps of a payout line. Each activity but publishOutcome is one database transaction
 * that first locks the line's row and looks at its status, so that a retry after a crash (the work done, the
 * completion lost) finds its own work and does nothing twice; closeAndPublish records the line's events in that
 * transaction too, from the rows its writes answer, and starts their deliveries once it has committed. A line is
 * found, and its ledger transfers and events keyed, by its reference ({@link PayoutLineCommand#reference()}):
 * unique across the platform, where a stan is not.
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
        if (!money.hold(movement(reference, row.clientId(), row.rail(), row.amount(), fee), "Payout " + reference)) {
            recordOutcome(row, LineStatus.FAILED, ResultCode.INSUFFICIENT_FUNDS.code(),
                    ResultCode.INSUFFICIENT_FUNDS.description(), null, null);
            PaymentOrderRow order = store.markProcessedIfAllFinal(row.orderId());
            journal.finished(PaymentJournal.Payment.of(row), PaymentJournal.Outcome.FAILED, order.createdAt(),
                    ResultCode.INSUFFICIENT_FUNDS.description() + " in the working account");
            return new Reservation(Reservation.Outcome.INSUFFICIENT_FUNDS, fee);
        }
        store.setStatus(reference, reservedStatus);
        return new Reservation(Reservation.Outcome.RESERVED, fee);
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
        reported(() -> transaction.executeWithoutResult(tx -> close(outcome)));
    }

    @Override
    public void closeAndPublish(LineOutcome outcome) {
        reported(() -> {
            List<EventStore.Delivery> deliveries = transaction.execute(tx -> close(outcome)
                    .map(closed -> events(closed.line(), closed.order()).stream()
                            .flatMap(event -> publisher.recordWithin(event).stream()).toList())
                    .orElse(null));
            if (deliveries == null) {
                // closed by an earlier attempt, which may have failed before its deliveries started
                publish(outcome.systemTraceAuditNumber());
            } else {
                deliveries.forEach(publisher::start);
            }
        });
    }

    /** The line and its order as a close left them. */
    private record Closed(PayoutLineRow line, PaymentOrderRow order) {
    }

    /** Closes the reservation and records the outcome; empty when the line was closed already (a retry). */
    private Optional<Closed> close(LineOutcome outcome) {
        PayoutLineRow row = store.lockLine(outcome.systemTraceAuditNumber()); // the line's reference, see LineOutcome
        LineStatus current = row.transactionStatus();
        if (current.isFinal() && current != LineStatus.REJECTED) {
            log.info("Line {} already closed as {}; nothing to do", row.systemTraceAuditNumber(), current);
            return Optional.empty();
        }
        Movement movement = movement(row);
        if (outcome.status() == LineStatus.COMPLETED) {
            money.settle(movement);
        } else if (money.wasHeld(movement)) { // a line rejected or cancelled before its hold holds nothing
            money.release(movement);
        }
        PayoutLineRow closed = recordOutcome(row, outcome.status(), outcome.resultCode(),
                outcome.resultDescription(), outcome.acknowledgement(), outcome.railResult());
        PaymentOrderRow order = store.markProcessedIfAllFinal(row.orderId());
        if (current != LineStatus.REJECTED) { // a rejected line was journaled when the client rejected it
            journal.finished(PaymentJournal.Payment.of(row), outcome.status() == LineStatus.COMPLETED
                            ? PaymentJournal.Outcome.COMPLETED : PaymentJournal.Outcome.FAILED, order.createdAt(),
                    outcome.status().description() + ", result code " + outcome.resultCode());
        }
        return Optional.of(new Closed(closed, order));
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

    /** Publishes the line's events as recorded, read afresh: each event is recorded in a transaction of its own. */
    private void publish(String reference) {
        PayoutLineRow line = store.findLine(reference)
                .orElseThrow(() -> new InvariantViolationException("no payout line " + reference));
        if (PayoutEvents.ofLineStatus(line.transactionStatus()) == null) {
            return; // not final: nothing to tell yet
        }
        PaymentOrderRow order = store.findOrder(line.orderId())
                .orElseThrow(() -> new InvariantViolationException("no payment order " + line.orderId()));
        events(line, order).forEach(publisher::publish);
    }

    /** The event of the line's final status, and the order's when it is processed; none while the line is open. */
    private List<EventCommand> events(PayoutLineRow line, PaymentOrderRow order) {
        String type = PayoutEvents.ofLineStatus(line.transactionStatus());
        if (type == null) {
            return List.of();
        }
        // one ordering key per order: its lines' events, then its own, reach each target in that order
        String orderingKey = "payment-order:" + order.id();
        long now = clock.millis();
        EventCommand lineEvent = new EventCommand(eventId(type + ":" + line.railReference()), line.clientId(), type,
                orderingKey, JSON.writeValueAsString(PayoutRecords.line(line, JSON)), null, now);
        if (!order.isProcessed()) {
            return List.of(lineEvent);
        }
        return List.of(lineEvent, new EventCommand(eventId(PayoutEvents.ORDER_PROCESSED + ":" + order.id()),
                order.clientId(), PayoutEvents.ORDER_PROCESSED, orderingKey,
                JSON.writeValueAsString(PayoutRecords.orderHeader(order)), null, now));
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

    /** @return the line as recorded */
    private PayoutLineRow recordOutcome(PayoutLineRow row, LineStatus status, String resultCode,
                                        String resultDescription, RailAcknowledgement acknowledgement,
                                        RailResult result) {
        String trackingNumber = acknowledgement != null && acknowledgement.railTransactionId() != null
                ? acknowledgement.railTransactionId() : row.trackingNumber();
        return store.recordOutcome(new PayoutStore.LineOutcome(row.railReference(), status, resultCode, resultDescription,
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
