package com.paywire.domain.payouts;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.domain.platform.Intake;
import com.paywire.domain.platform.Values;
import com.paywire.domain.routes.ChannelTypes;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.payouts.PayoutRecords;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.persistence.routes.RouteStore;
import com.paywire.vocabulary.lifecycle.Lifecycles;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PaymentOrderSubmission;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.rules.FieldProblem;
import com.paywire.vocabulary.rules.payouts.PaymentOrderValidator;
import com.paywire.workflows.logging.PaymentContext;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Payment orders from their submission to their start: validated, recorded (all lines or nothing), handed to
 * Temporal; found, and rejected line by line before they reach the rail.
 */
public final class PaymentOrders {

    private static final Logger log = LoggerFactory.getLogger(PaymentOrders.class);

    private final PaymentOrderValidator validator;
    private final PayoutStore store;
    private final PaymentOrderStarter starter;
    private final ChargeBands charges;
    private final Clock clock;
    private final PaymentJournal journal;

    PaymentOrders(RouteStore routes, PayoutStore store, PaymentOrderStarter starter, ChargeBands charges, Clock clock,
                  PaymentJournal journal) {
        this.validator = new PaymentOrderValidator(routes::findAssigned, ChannelTypes::noteDeprecatedUse);
        this.store = store;
        this.starter = starter;
        this.charges = charges;
        this.clock = clock;
        this.journal = journal;
    }

    /** Validates and records (atomically: all lines or nothing) the order, then has it started. */
    public PaymentOrderRow accept(String clientId, PaymentOrderSubmission submission) {
        String ocid = submission.originatorConversationId();
        List<FieldProblem> errors = new ArrayList<>();
        List<PaymentOrderValidator.ValidLine> lines = validator.validate(clientId, submission, errors);
        if (!errors.isEmpty()) {
            throw new InvalidInputException(ocid, errors);
        }
        // no look for duplicates first: the insert's unique keys answer that in the same round trip
        PaymentOrderRow order = new PaymentOrderRow(UUID.randomUUID(), clientId, ocid, submission.paymentNotes(),
                false, false, OffsetDateTime.now(clock));
        List<PayoutLineRow> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            PaymentOrderValidator.ValidLine line = lines.get(i);
            // the fee is known from the route's charges when the line is accepted; reserving charges the same
            BigDecimal fee = charges.feeFor(line.route().transactionTypeId(), line.line().transaction().amount());
            rows.add(PayoutLines.pending(order, i, line, fee));
        }
        try {
            store.insertOrder(order, rows);
        } catch (DuplicateKeyException duplicate) {
            if (duplicate.getMessage() != null && duplicate.getMessage().contains("system_trace_audit_number")) {
                throw duplicateLine(clientId, submission, rows.stream().map(PayoutLineRow::systemTraceAuditNumber)
                        .toList());
            }
            throw starter.intake().duplicate(ocid);
        }
        new PaymentContext(clientId, ocid, order.id().toString()).putForTheRequest();
        if (rows.size() > 1) {
            log.info("Accepted payment order {} of client {} with {} lines", ocid, clientId, rows.size());
        }
        rows.forEach(line -> journal.accepted(PaymentJournal.Payment.of(line), line.amount(), line.currency()));
        starter.startSoon(order, rows);
        return order;
    }

    public Optional<PaymentOrderRow> find(String clientId, String idType, String id) {
        if ("SystemConversationId".equalsIgnoreCase(idType)) {
            return Values.uuid(id).flatMap(systemConversationId -> store.findOrder(clientId, systemConversationId));
        }
        return store.findOrder(clientId, id);
    }

    public List<PayoutLineRow> lines(PaymentOrderRow order) {
        return store.linesOf(order.id());
    }

    /** The order and its lines as its client reads them: the record its payout events carry too. */
    public Map<String, Object> record(PaymentOrderRow order, JsonMapper json) {
        return PayoutRecords.order(order, lines(order), json);
    }

    /** The outbox's sweep: starts the orders accepted a while ago that Temporal has not got yet. */
    public void startStragglers() {
        starter.startStragglers();
    }

    /** @return the stans this call rejected; the other lines had already reached the rail or ended */
    public List<String> reject(PaymentOrderRow order) {
        List<String> rejected = store.rejectUnsentLines(order.id(), Lifecycles.PAYOUT_LINE.from(LineStatus.REJECTED),
                LineStatus.REJECTED, ResultCode.REJECTED.code(), ResultCode.REJECTED.description());
        store.markProcessedIfAllFinal(order.id());
        log.info("Rejected {} unsent lines of order {}", rejected.size(), order.originatorConversationId());
        store.linesOf(order.id()).stream().filter(line -> rejected.contains(line.systemTraceAuditNumber()))
                .forEach(line -> journal.finished(PaymentJournal.Payment.of(line), PaymentJournal.Outcome.FAILED, order.createdAt(),
                        "rejected by the client before it reached the rail"));
        return rejected;
    }

    /**
     * A stan the client took already; when the same request raced in a moment earlier, its originatorConversationId
     * is the real duplicate.
     */
    private RuntimeException duplicateLine(String clientId, PaymentOrderSubmission submission, List<String> stans) {
        if (store.findOrder(clientId, submission.originatorConversationId()).isPresent()) {
            return starter.intake().duplicate(submission.originatorConversationId());
        }
        List<FieldProblem> errors = new ArrayList<>();
        for (int i = 0; i < stans.size(); i++) {
            if (store.existsAnyLine(clientId, List.of(stans.get(i)))) {
                errors.add(new FieldProblem("paymentOrderLines[" + i + "].transaction.systemTraceAuditNumber",
                        Intake.duplicateMessage("systemTraceAuditNumber", stans.get(i), "line")));
            }
        }
        if (errors.isEmpty()) { // the racing request that held the stan rolled back in between
            errors.add(new FieldProblem("paymentOrderLines", "A systemTraceAuditNumber of this order is in use; retry."));
        }
        return new InvalidInputException(submission.originatorConversationId(), errors);
    }
}
