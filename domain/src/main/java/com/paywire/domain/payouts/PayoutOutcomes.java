package com.paywire.domain.payouts;

import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.payouts.PayoutRecords;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.persistence.payouts.UnconfirmedLine;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.payouts.LineOutcome;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * How a payout line's money and record end, whoever decides it: the line's workflow with the rail's answer, the
 * workflow that reconciles an answer arriving after the line's workflow ended, or an operator's resolution. Every
 * step locks the line's row and looks at what is recorded first (its status, and what is unconfirmed of its money),
 * so the first decision moves the money and any later one (a retry, a repeated callback, the operator after the
 * rail) finds it decided and changes nothing. The line's events are recorded in the step's transaction, from the
 * rows its writes answer, and their deliveries started once it has committed.
 */
@Service
public class PayoutOutcomes {

    private static final Logger log = LoggerFactory.getLogger(PayoutOutcomes.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PayoutStore store;
    private final Ledger ledger;
    private final MoneyEngine money;
    private final TransactionTemplate transaction;
    private final EventPublisher publisher;
    private final Clock clock;
    private final PaymentJournal journal;

    public PayoutOutcomes(PayoutStore store, Ledger ledger, MoneyEngine money, TransactionTemplate transaction,
                          EventPublisher publisher, Clock clock, PaymentJournal journal) {
        this.store = store;
        this.ledger = ledger;
        this.money = money;
        this.transaction = transaction;
        this.publisher = publisher;
        this.clock = clock;
        this.journal = journal;
    }

    /** The line and its order as a close left them. */
    public record Closed(PayoutLineRow line, PaymentOrderRow order) {
    }

    /**
     * Posts (Completed) or releases (any other status) the line's hold and records the outcome, in the caller's
     * transaction; empty when the line was closed already (a retry). A Timed Out line whose hold was kept is still
     * open to its money's final word.
     */
    public Optional<Closed> close(LineOutcome outcome) {
        PayoutLineRow row = store.lockLine(outcome.systemTraceAuditNumber()); // the line's reference, see LineOutcome
        LineStatus current = row.transactionStatus();
        boolean holdKept = holdKept(row);
        if (current.isFinal() && current != LineStatus.REJECTED && !holdKept) {
            log.info("Line {} already closed as {}; nothing to do", row.systemTraceAuditNumber(), current);
            return Optional.empty();
        }
        Movement movement = movement(row);
        if (outcome.status() == LineStatus.COMPLETED) {
            money.settle(movement);
        } else if (money.wasHeld(movement)) { // a line rejected or cancelled before its hold holds nothing
            money.release(movement);
        }
        if (holdKept) {
            store.markUnconfirmed(row.railReference(), null, null);
        }
        PayoutLineRow closed = recordOutcome(row, outcome.status(), outcome.resultCode(),
                outcome.resultDescription(), outcome.acknowledgement(), outcome.railResult());
        PaymentOrderRow order = store.markProcessedIfAllFinal(row.orderId());
        if (current != LineStatus.REJECTED && !holdKept) { // journaled when the client rejected it, or timed out
            journal.finished(PaymentJournal.Payment.of(row), outcome.status() == LineStatus.COMPLETED
                            ? PaymentJournal.Outcome.COMPLETED : PaymentJournal.Outcome.FAILED, order.createdAt(),
                    outcome.status().description() + ", result code " + outcome.resultCode());
        }
        return Optional.of(new Closed(closed, order));
    }

    /** {@link #close} and the line's events in one transaction; the deliveries start once it has committed. */
    public void closeAndPublish(LineOutcome outcome) {
        decideAndPublish(outcome.systemTraceAuditNumber(), () -> close(outcome));
    }

    /**
     * The line had no final answer in its window: recorded Timed Out (what the client reads), its hold kept pending
     * until the rail's late answer or an operator decides, and its events published; with {@code referNow} (its
     * workflow can no longer ask the rail) referred to operations at once. A retry finds it recorded.
     */
    public void keepHoldUnconfirmed(LineOutcome timedOut, boolean referNow) {
        decideAndPublish(timedOut.systemTraceAuditNumber(), () -> {
            PayoutLineRow row = store.lockLine(timedOut.systemTraceAuditNumber());
            if (row.transactionStatus().isFinal()) {
                if (referNow && holdKept(row)) { // recorded Timed Out by a step the cancellation interrupted
                    store.markReferred(row.railReference(), OffsetDateTime.now(clock));
                }
                return Optional.empty(); // a retry, or a line decided meanwhile
            }
            OffsetDateTime now = OffsetDateTime.now(clock);
            store.markUnconfirmed(row.railReference(), UnconfirmedLine.HOLD_KEPT, now);
            if (referNow) {
                store.markReferred(row.railReference(), now);
            }
            PayoutLineRow recorded = recordOutcome(row, timedOut.status(), timedOut.resultCode(),
                    timedOut.resultDescription(), timedOut.acknowledgement(), timedOut.railResult());
            PaymentOrderRow order = store.markProcessedIfAllFinal(row.orderId());
            journal.finished(PaymentJournal.Payment.of(row), PaymentJournal.Outcome.FAILED, order.createdAt(),
                    "Timed Out, its hold kept until the rail or an operator says what became of it");
            return Optional.of(new Closed(recorded, order));
        });
    }

    /**
     * The line's reconciliation window passed with still no final answer: referred to operations, its hold kept.
     * False when its money was decided meanwhile (nothing to refer).
     */
    public boolean refer(String reference) {
        Boolean referred = transaction.execute(tx -> {
            store.lockLine(reference);
            if (store.unconfirmed(reference).isEmpty()) {
                return false;
            }
            store.markReferred(reference, OffsetDateTime.now(clock));
            return true;
        });
        if (Boolean.TRUE.equals(referred)) {
            log.warn("Payout line {} has no final answer after its reconciliation window: referred to operations",
                    reference);
        }
        return Boolean.TRUE.equals(referred);
    }

    /**
     * A rail's final answer for a line whose workflow has ended. A kept hold is posted or released with it; a
     * success after the hold was released is booked from the working account when it can cover it, else the line
     * is referred to operations (never a receivable); a failure after the release, or any answer to a line decided
     * already (or still open, its workflow the one to decide), changes nothing.
     */
    public void reconcileLateAnswer(String reference, RailResult answer) {
        if (!answer.hasFinalAnswer()) {
            return;
        }
        decideAndPublish(reference, () -> {
            PayoutLineRow row = store.lockLine(reference);
            LineStatus status = row.transactionStatus();
            boolean paid = answer.state() == RailResult.State.COMPLETED;
            if (holdKept(row)) {
                log.warn("Rail answer {} for Timed Out payout line {} came after its workflow ended: deciding its "
                        + "kept hold", answer.state(), reference);
                return close(new LineOutcome(reference, paid ? LineStatus.COMPLETED : LineStatus.FAILED,
                        answer.resultCode(), answer.resultDescription(), null, answer));
            }
            if (!status.isFinal() || status == LineStatus.COMPLETED || !paid) {
                log.info("Rail answer {} for payout line {} in status {} changes nothing", answer.state(), reference,
                        status);
                return Optional.empty();
            }
            log.warn("Rail success for payout line {} came after its hold was released ({}): booking it",
                    reference, status);
            return bookPaidAfterRelease(row, answer.resultCode(), answer.resultDescription(), answer);
        });
    }

    /** What an operator's resolution changed, for the steps after its transaction. */
    public record Resolved(PayoutLineRow line, List<Delivery> deliveries) {
    }

    /** The working account cannot cover a payout the operator says the rail paid after its hold was released. */
    public static class WorkingAccountShort extends RuntimeException {
        WorkingAccountShort(String message) {
            super(message);
        }
    }

    /**
     * An operator's word on a line referred with its money undecided, in the caller's transaction (which records
     * the resolution too), its line locked: PAID posts the kept hold (or, for a line paid after its hold was
     * released, books it from the working account) and records the line Completed with the operator's reference
     * as receipt; NOT_PAID releases the kept hold and records the line Failed (a line paid after release stays as
     * it was, nothing moved). Empty when the line is not, or no longer, awaiting a resolution.
     *
     * @throws UnknownResourceException when there is no line with that id
     * @throws WorkingAccountShort when PAID must be booked again and the working account cannot cover it
     */
    public Optional<Resolved> resolve(UUID lineId, OperatorResolution resolution) {
        String reference = store.findLineById(lineId)
                .orElseThrow(() -> new UnknownResourceException("No payout line with that id")).railReference();
        PayoutLineRow row = store.lockLine(reference);
        Optional<UnconfirmedLine> unconfirmed = store.unconfirmed(reference);
        if (unconfirmed.isEmpty() || !store.isReferred(reference)) {
            return Optional.empty();
        }
        RailResult receipt = new RailResult(reference, resolution.paid() ? RailResult.State.COMPLETED
                : RailResult.State.FAILED, null, null, null, null, resolution.reference(), null, null, null);
        Optional<Closed> closed;
        if (unconfirmed.get() == UnconfirmedLine.HOLD_KEPT) {
            closed = close(resolution.paid()
                    ? new LineOutcome(reference, LineStatus.COMPLETED, ResultCode.SUCCESS.code(),
                            resolution.description(), null, receipt)
                    : new LineOutcome(reference, LineStatus.FAILED, ResultCode.THIRD_PARTY_FAILURE.code(),
                            resolution.description(), null, receipt));
        } else if (resolution.paid()) {
            closed = bookPaidAfterRelease(row, ResultCode.SUCCESS.code(), resolution.description(), receipt);
            if (closed.isEmpty()) {
                throw new WorkingAccountShort("The working account of " + row.clientId() + " cannot cover the "
                        + "payout again; fund it, then resolve again");
            }
        } else {
            store.markUnconfirmed(reference, null, null); // the rail's late success was not real: nothing to book
            return Optional.of(new Resolved(row, List.of()));
        }
        List<Delivery> deliveries = closed.map(this::recordEvents).orElse(List.of());
        return Optional.of(new Resolved(closed.map(Closed::line).orElse(row), deliveries));
    }

    /** Starts the deliveries of events recorded in a transaction that has committed. */
    public void startDeliveries(List<Delivery> deliveries) {
        deliveries.forEach(publisher::start);
    }

    /**
     * Publishes the event of the line's final status as recorded (see {@link EventType#ofLineStatus}), and the order's
     * when it is processed; each event in a transaction of its own, its id following from the line and its status.
     */
    public void publish(String reference) {
        PayoutLineRow line = store.findLine(reference)
                .orElseThrow(() -> new InvariantViolationException("no payout line " + reference));
        if (EventType.ofLineStatus(line.transactionStatus()).isEmpty()) {
            return; // not final: nothing to tell yet
        }
        PaymentOrderRow order = store.findOrder(line.orderId())
                .orElseThrow(() -> new InvariantViolationException("no payment order " + line.orderId()));
        events(line, order).forEach(publisher::publish);
    }

    /**
     * Books a payout the rail paid after its hold had been released from the working account and records the line
     * Completed; when the account is short, marks it paid but unbooked and refers it (empty).
     */
    private Optional<Closed> bookPaidAfterRelease(PayoutLineRow row, String resultCode, String description,
                                                  RailResult answer) {
        String reference = row.railReference();
        if (!money.payAfterRelease(movement(row), "Payout " + reference + ", paid after its hold was released")) {
            OffsetDateTime now = OffsetDateTime.now(clock);
            store.markUnconfirmed(reference, UnconfirmedLine.PAID_UNBOOKED, now);
            store.markReferred(reference, now);
            log.warn("Payout line {} was paid after its hold was released and its working account is short: "
                    + "referred to operations", reference);
            return Optional.empty();
        }
        store.markUnconfirmed(reference, null, null);
        PayoutLineRow closed = recordOutcome(row, LineStatus.COMPLETED, resultCode, description, null, answer);
        return Optional.of(new Closed(closed, store.markProcessedIfAllFinal(row.orderId())));
    }

    /**
     * Runs {@code decide} in one transaction with the events of what it closed recorded, then starts their
     * deliveries; when it closed nothing (a retry of a step that closed the line already, which may have failed
     * before its deliveries started) publishes the line as recorded.
     */
    private void decideAndPublish(String reference, Supplier<Optional<Closed>> decide) {
        List<Delivery> deliveries = transaction.execute(tx -> decide.get().map(this::recordEvents)
                .orElse(null));
        if (deliveries == null) {
            publish(reference);
        } else {
            startDeliveries(deliveries);
        }
    }

    private List<Delivery> recordEvents(Closed closed) {
        return events(closed.line(), closed.order()).stream()
                .flatMap(event -> publisher.recordWithin(event).stream()).toList();
    }

    private boolean holdKept(PayoutLineRow row) {
        return row.transactionStatus() == LineStatus.TIMED_OUT
                && store.unconfirmed(row.railReference()).orElse(null) == UnconfirmedLine.HOLD_KEPT;
    }

    /** The event of the line's final status, and the order's when it is processed; none while the line is open. */
    private List<EventCommand> events(PayoutLineRow line, PaymentOrderRow order) {
        Optional<EventType> lineType = EventType.ofLineStatus(line.transactionStatus());
        if (lineType.isEmpty()) {
            return List.of();
        }
        String type = lineType.get().wireName();
        // one ordering key per order: its lines' events, then its own, reach each target in that order
        String orderingKey = Product.PAYMENT_ORDER.eventKey(order.id().toString());
        long now = clock.millis();
        EventCommand lineEvent = new EventCommand(eventId(type + ":" + line.railReference()), line.clientId(), type,
                orderingKey, JSON.writeValueAsString(PayoutRecords.line(line, JSON)), null, now);
        if (!order.isProcessed()) {
            return List.of(lineEvent);
        }
        String processed = EventType.PAYMENT_ORDER_PROCESSED.wireName();
        return List.of(lineEvent, new EventCommand(eventId(processed + ":" + order.id()),
                order.clientId(), processed, orderingKey,
                JSON.writeValueAsString(PayoutRecords.orderHeader(order)), null, now));
    }

    /** The same event always gets the same id, so publishing it again (a retry, a second line) is a no-op. */
    private static String eventId(String what) {
        return UUID.nameUUIDFromBytes(what.getBytes(StandardCharsets.UTF_8)).toString();
    }

    /** The line's money as the ledger sees it. */
    public static Movement movement(PayoutLineRow row) {
        return movement(row.railReference(), row.clientId(), row.rail(), row.amount(), row.feeAmount());
    }

    public static Movement movement(String reference, String clientId, Rail rail, BigDecimal amount,
                                    BigDecimal fee) {
        return new Movement(Product.PAYOUT, reference, clientId, rail, amount, fee);
    }

    /**
     * Writes the line's outcome with the working and utility accounts' available funds as they now stand.
     *
     * @return the line as recorded
     */
    public PayoutLineRow recordOutcome(PayoutLineRow row, LineStatus status, String resultCode,
                                       String resultDescription, RailAcknowledgement acknowledgement,
                                       RailResult result) {
        String trackingNumber = acknowledgement != null && acknowledgement.railTransactionId() != null
                ? acknowledgement.railTransactionId() : row.trackingNumber();
        return store.recordOutcome(new PayoutStore.LineOutcome(row.railReference(), status, resultCode,
                resultDescription, trackingNumber, ledger.available(LedgerAccounts.working(row.clientId())),
                ledger.available(LedgerAccounts.utility(row.clientId())),
                result == null ? null : result.walletBalance(),
                OffsetDateTime.now(clock), result == null ? null : result.creditPartyName(),
                thirdPartyPayload(acknowledgement, result, row.thirdPartyPayloadJson())));
    }

    /**
     * The rail's codes as the status record shows them; a later record without an acknowledgement (a late answer,
     * an operator's word) keeps the intake codes recorded before.
     */
    private static String thirdPartyPayload(RailAcknowledgement acknowledgement, RailResult result,
                                            String recordedJson) {
        Map<String, String> payload = new LinkedHashMap<>();
        Map<?, ?> recorded = recordedJson == null ? Map.of() : JSON.readValue(recordedJson, Map.class);
        payload.put("thirdPartyResponseCode", acknowledgement == null
                ? (String) recorded.get("thirdPartyResponseCode") : acknowledgement.railResponseCode());
        payload.put("thirdPartyResponseCodeDescription", acknowledgement == null
                ? (String) recorded.get("thirdPartyResponseCodeDescription")
                : acknowledgement.railResponseDescription());
        payload.put("thirdPartyResultCode", result == null ? null : result.railResultCode());
        payload.put("thirdPartyResultCodeDescription", result == null ? null : result.railResultDescription());
        payload.put("thirdPartyReceiptNumber", result == null ? null : result.receiptNumber());
        return JSON.writeValueAsString(payload);
    }
}
