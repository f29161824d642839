package com.paywire.persistence.payouts;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.RequestTable;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.rails.Rail;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * The payouts read model: orders and their lines, as the status query shows them. Paywire's own steps find a line
 * by its rail reference, which is unique across the platform; a stan is unique only among its client's lines.
 */
@Repository
public class PayoutStore {

    private static final String LINE_COLUMNS = """
            id, order_id, client_id, line_number, system_trace_audit_number, rail, route_id,
            route_transaction_type_id, channel_type, amount, currency, reference, remitter::text as remitter,
            recipient::text as recipient, fee_amount, tracking_number, transaction_status,
            transaction_status_description, result_code, result_code_description, working_account_available_funds,
            utility_account_available_funds, wallet_balance, transaction_date, transaction_credit_party,
            third_party_payload::text as third_party_payload, credit_account, account_reference, rail_reference
            """;

    private final JdbcClient jdbc;
    /** The payment orders, the requests the outbox starts; their lines are this store's own. */
    private final RequestTable<PaymentOrderRow> orders;

    public PayoutStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
        this.orders = new RequestTable<>(jdbc, "payment_orders", "originator_conversation_id", "payment order",
                PayoutStore::order);
    }

    /**
     * Records an accepted order with its lines, all Pending.
     *
     * @throws org.springframework.dao.DuplicateKeyException when the client already used the
     *         originatorConversationId, or one of the systemTraceAuditNumbers
     */
    @Transactional
    public void insertOrder(PaymentOrderRow order, List<PayoutLineRow> lines) {
        jdbc.sql("""
                insert into payment_orders (id, client_id, originator_conversation_id, payment_notes, created_at)
                values (?, ?, ?, ?, ?)
                """)
                .params(order.id(), order.clientId(), order.originatorConversationId(), order.paymentNotes(),
                        order.createdAt())
                .update();
        for (PayoutLineRow line : lines) {
            jdbc.sql("""
                    insert into payout_lines (id, order_id, client_id, line_number, system_trace_audit_number, rail,
                        route_id, route_transaction_type_id, channel_type, amount, currency, reference, remitter,
                        recipient, fee_amount, tracking_number, transaction_status, transaction_status_description,
                        credit_account, account_reference, rail_reference)
                    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, cast(? as jsonb), cast(? as jsonb), ?, ?, ?, ?, ?, ?, ?)
                    """)
                    .params(line.id(), line.orderId(), line.clientId(), line.lineNumber(),
                            line.systemTraceAuditNumber(), line.rail().storedName(), line.routeId(), line.routeTransactionTypeId(),
                            line.channelType(), line.amount(), line.currency(), line.reference(),
                            PayoutLineJson.write(line.remitter()), PayoutLineJson.write(line.recipient()),
                            line.feeAmount(), line.trackingNumber(),
                            line.transactionStatus().code(),
                            line.transactionStatusDescription(), line.creditAccount(), line.accountReference(),
                            line.railReference())
                    .update();
        }
    }

    public void markWorkflowStarted(UUID orderId) {
        orders.markWorkflowStarted(orderId);
    }

    /** Orders accepted but not yet handed to Temporal (the API stopped, or Temporal was away). */
    public List<PaymentOrderRow> findUnstarted(OffsetDateTime acceptedBefore, int limit) {
        return orders.findUnstarted(acceptedBefore, limit);
    }

    public Optional<PaymentOrderRow> findOrder(String clientId, String originatorConversationId) {
        return orders.find(clientId, originatorConversationId);
    }

    /** The order by its id alone: for the worker, which knows the order from its own line. */
    public Optional<PaymentOrderRow> findOrder(UUID orderId) {
        return orders.find(orderId);
    }

    public Optional<PaymentOrderRow> findOrder(String clientId, UUID systemConversationId) {
        return jdbc.sql("select * from payment_orders where client_id = ? and id = ?")
                .params(clientId, systemConversationId).query(PayoutStore::order).optional();
    }

    public List<PayoutLineRow> linesOf(UUID orderId) {
        return jdbc.sql("select " + LINE_COLUMNS + " from payout_lines where order_id = ? order by line_number")
                .param(orderId).query(PayoutStore::line).list();
    }

    /**
     * Up to {@code limit} lines of the order after line {@code afterLine}, in order, still Pending and with their fee
     * (issue 46: a line that holds for itself holds for these too). Read, not locked: each line's own step decides it
     * under its lock.
     */
    public List<PayoutLineRow> pendingLinesAfter(UUID orderId, int afterLine, int limit) {
        return jdbc.sql("select " + LINE_COLUMNS + """
                 from payout_lines where order_id = ? and line_number > ? and transaction_status = ?
                   and fee_amount is not null
                order by line_number limit ?""")
                .params(orderId, afterLine, LineStatus.PENDING.code(), limit).query(PayoutStore::line).list();
    }

    /** The line the rail knows by this reference. */
    public Optional<PayoutLineRow> findLine(String railReference) {
        return jdbc.sql("select " + LINE_COLUMNS + " from payout_lines where rail_reference = ?")
                .param(railReference).query(PayoutStore::line).optional();
    }

    /** The line, locked until the caller's transaction ends: status changes on one line are serialised. */
    public PayoutLineRow lockLine(String railReference) {
        return jdbc.sql("select " + LINE_COLUMNS + " from payout_lines where rail_reference = ? for update")
                .param(railReference).query(PayoutStore::line).optional()
                .orElseThrow(() -> new InvariantViolationException("no payout line " + railReference));
    }

    /** Whether the client used any of these stans for a line already; other clients' lines do not count. */
    public boolean existsAnyLine(String clientId, List<String> systemTraceAuditNumbers) {
        return jdbc.sql("""
                select count(*) from payout_lines where client_id = :client and system_trace_audit_number in (:stans)
                """).param("client", clientId).param("stans", systemTraceAuditNumbers).query(Integer.class).single() > 0;
    }

    public void setStatus(String railReference, LineStatus status) {
        jdbc.sql("""
                update payout_lines set transaction_status = ?, transaction_status_description = ?, updated_at = now()
                where rail_reference = ?
                """).params(status.code(), status.description(), railReference).update();
    }

    public void setFee(String railReference, BigDecimal fee) {
        jdbc.sql("update payout_lines set fee_amount = ? where rail_reference = ?").params(fee, railReference).update();
    }

    /** Writes a line's outcome; answers the line as it now stands, which saves reading it again. */
    public PayoutLineRow recordOutcome(LineOutcome outcome) {
        return jdbc.sql("""
                update payout_lines set transaction_status = :status, transaction_status_description = :statusDesc,
                    result_code = :resultCode, result_code_description = :resultDesc, tracking_number = :tracking,
                    working_account_available_funds = :working, utility_account_available_funds = :utility,
                    wallet_balance = :wallet, transaction_date = :date, transaction_credit_party = :creditParty,
                    third_party_payload = cast(:thirdParty as jsonb), updated_at = now()
                where rail_reference = :reference
                returning\s""" + LINE_COLUMNS)
                .param("status", outcome.status().code()).param("statusDesc", outcome.status().description())
                .param("resultCode", outcome.resultCode()).param("resultDesc", outcome.resultDescription())
                .param("tracking", outcome.trackingNumber()).param("working", outcome.workingAvailable())
                .param("utility", outcome.utilityAvailable()).param("wallet", outcome.walletBalance())
                .param("date", outcome.transactionDate()).param("creditParty", outcome.creditParty())
                .param("thirdParty", outcome.thirdPartyPayloadJson()).param("reference", outcome.railReference())
                .query(PayoutStore::line).optional()
                .orElseThrow(() -> new InvariantViolationException("no payout line " + outcome.railReference()));
    }

    /**
     * Sets isProcessed once no line of the order is in an open status ({@link LineStatus#openCodes}) any more, and
     * answers the order as it then stands (read in the same statement, so the caller need not read it again).
     */
    public PaymentOrderRow markProcessedIfAllFinal(UUID orderId) {
        // the outer select sees the order as it was before the update: it answers the updated row when there is one
        return jdbc.sql("""
                with marked as (
                    update payment_orders set is_processed = true
                    where id = :id and not is_processed
                      and not exists (select 1 from payout_lines where order_id = :id and transaction_status in (:open))
                    returning *)
                select * from marked
                union all select * from payment_orders where id = :id and not exists (select 1 from marked)
                """).param("id", orderId).param("open", LineStatus.openCodes()).query(PayoutStore::order).optional()
                .orElseThrow(() -> new InvariantViolationException("no payment order " + orderId));
    }

    /**
     * Rejects every line of the order still in one of the rejectable statuses (those that have not reached the
     * rail), atomically with the line workflow's claim for sending.
     *
     * @return the stans of the lines this call rejected
     */
    @Transactional
    public List<String> rejectUnsentLines(UUID orderId, Collection<LineStatus> rejectableStatuses,
                                          LineStatus rejectedStatus, String resultCode, String resultDescription) {
        return jdbc.sql("""
                update payout_lines set transaction_status = :status, transaction_status_description = :description,
                    result_code = :code, result_code_description = :codeDescription, updated_at = now()
                where order_id = :order and transaction_status in (:rejectable)
                returning system_trace_audit_number
                """).param("status", rejectedStatus.code()).param("description", rejectedStatus.description())
                .param("code", resultCode).param("codeDescription", resultDescription).param("order", orderId)
                .param("rejectable", rejectableStatuses.stream().map(LineStatus::code).toList())
                .query(String.class).list();
    }

    /**
     * Marks what is unknown of the line since {@code since} (its money waits on the rail or an operator), or, with
     * null, that its money is decided; the referral is kept.
     */
    public void markUnconfirmed(String railReference, UnconfirmedLine unconfirmed, OffsetDateTime since) {
        jdbc.sql("update payout_lines set unconfirmed = ?, unconfirmed_since = ?, updated_at = now()"
                        + " where rail_reference = ?")
                .params(unconfirmed == null ? null : unconfirmed.name(), unconfirmed == null ? null : since,
                        railReference).update();
    }

    /** What is unknown of the line's money; empty when nothing is (the usual case). */
    public Optional<UnconfirmedLine> unconfirmed(String railReference) {
        return jdbc.sql("select unconfirmed from payout_lines where rail_reference = ? and unconfirmed is not null")
                .param(railReference).query(String.class).optional().map(UnconfirmedLine::valueOf);
    }

    /** Refers the line to operations: it shows in their unconfirmed-payments queue until resolved. */
    public void markReferred(String railReference, OffsetDateTime at) {
        jdbc.sql("update payout_lines set referred_at = coalesce(referred_at, ?), updated_at = now()"
                + " where rail_reference = ?").params(at, railReference).update();
    }

    /** Whether the line was referred to operations. */
    public boolean isReferred(String railReference) {
        return jdbc.sql("select referred_at is not null from payout_lines where rail_reference = ?")
                .param(railReference).query(Boolean.class).optional().orElse(false);
    }

    /** The line with this id (transactionOutcome.id), as operators name it. */
    public Optional<PayoutLineRow> findLineById(UUID id) {
        return jdbc.sql("select " + LINE_COLUMNS + " from payout_lines where id = ?").param(id)
                .query(PayoutStore::line).optional();
    }

    /** A payout rail's result callback, kept under the rail's stored name. */
    public void recordRailCallback(Rail rail, String reference, String payloadJson, boolean matched) {
        recordCallback(rail.storedName(), reference, payloadJson, matched);
    }

    /** A phone prompt's result callback, kept apart from the mobile-money rail's payout callbacks. */
    public void recordPromptCallback(String reference, String payloadJson, boolean matched) {
        recordCallback(Rail.PROMPT_CALLBACKS, reference, payloadJson, matched);
    }

    private void recordCallback(String source, String reference, String payloadJson, boolean matched) {
        jdbc.sql("insert into rail_callbacks (rail, reference, payload, matched) values (?, ?, cast(? as jsonb), ?)")
                .params(source, reference, payloadJson, matched).update();
    }

    private static PaymentOrderRow order(ResultSet rs, int row) throws SQLException {
        return new PaymentOrderRow(rs.getObject("id", UUID.class), rs.getString("client_id"),
                rs.getString("originator_conversation_id"), rs.getString("payment_notes"),
                rs.getBoolean("is_processed"), rs.getBoolean("workflow_started"),
                rs.getObject("created_at", OffsetDateTime.class));
    }

    private static PayoutLineRow line(ResultSet rs, int row) throws SQLException {
        return new PayoutLineRow(rs.getObject("id", UUID.class), rs.getObject("order_id", UUID.class),
                rs.getString("client_id"), rs.getInt("line_number"), rs.getString("system_trace_audit_number"),
                Rail.valueOf(rs.getString("rail")), rs.getObject("route_id", UUID.class), rs.getInt("route_transaction_type_id"),
                rs.getInt("channel_type"), rs.getBigDecimal("amount"), rs.getString("currency"),
                rs.getString("reference"), PayoutLineJson.remitter(rs.getString("remitter")),
                PayoutLineJson.recipient(rs.getString("recipient")),
                rs.getBigDecimal("fee_amount"), rs.getString("tracking_number"),
                LineStatus.of(rs.getInt("transaction_status")),
                rs.getString("transaction_status_description"), rs.getString("result_code"),
                rs.getString("result_code_description"), rs.getBigDecimal("working_account_available_funds"),
                rs.getBigDecimal("utility_account_available_funds"), rs.getBigDecimal("wallet_balance"),
                rs.getObject("transaction_date", OffsetDateTime.class), rs.getString("transaction_credit_party"),
                rs.getString("third_party_payload"), rs.getString("credit_account"), rs.getString("account_reference"),
                rs.getString("rail_reference"));
    }

    /** What a line ended with. */
    public record LineOutcome(String railReference, LineStatus status, String resultCode,
                              String resultDescription, String trackingNumber, BigDecimal workingAvailable,
                              BigDecimal utilityAvailable, BigDecimal walletBalance, OffsetDateTime transactionDate,
                              String creditParty, String thirdPartyPayloadJson) {
    }
}
