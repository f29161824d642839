package com.paywire.persistence.payouts.reversals;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.vocabulary.payouts.reversals.PayoutReversal;
import com.paywire.vocabulary.payouts.reversals.PayoutReversalStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Operators' reversals of payout lines (V52 {@code payout_reversals}): one open or done per line. */
@Repository
public class PayoutReversalStore {

    private final JdbcClient jdbc;

    public PayoutReversalStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Records a reversal unless the line has one that was not refused.
     *
     * @return the line's reversal standing: this one, or the earlier one
     */
    public PayoutReversal insertOnce(PayoutReversal r) {
        jdbc.sql("""
                insert into payout_reversals (id, client_id, line_id, line_reference, order_id,
                    originator_conversation_id, system_trace_audit_number, amount, currency, msisdn, original_receipt,
                    reason, operator_id, hold_key, status, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (line_id) where status <> 'REFUSED' do nothing
                """).params(r.id(), r.clientId(), r.lineId(), r.lineReference(), r.orderId(),
                r.originatorConversationId(), r.systemTraceAuditNumber(), r.amount(), r.currency(), r.msisdn(),
                r.originalReceipt(), r.reason(), r.operatorId(), r.holdKey(), r.status().name(), r.createdAt())
                .update();
        return standing(r.lineId()).orElseThrow();
    }

    /** The line's reversal that was not refused, if any. */
    public Optional<PayoutReversal> standing(UUID lineId) {
        return jdbc.sql("select * from payout_reversals where line_id = ? and status <> ?")
                .params(lineId, PayoutReversalStatus.REFUSED.name()).query(PayoutReversalStore::reversal).optional();
    }

    /** The line's reversals, oldest first (refused ones among them). */
    public List<PayoutReversal> ofLine(UUID lineId) {
        return jdbc.sql("select * from payout_reversals where line_id = ? order by created_at").param(lineId)
                .query(PayoutReversalStore::reversal).list();
    }

    public Optional<PayoutReversal> find(UUID id) {
        return jdbc.sql("select * from payout_reversals where id = ?").param(id)
                .query(PayoutReversalStore::reversal).optional();
    }

    /** The row, locked until the transaction ends. */
    public PayoutReversal lock(UUID id) {
        return jdbc.sql("select * from payout_reversals where id = ? for update").param(id)
                .query(PayoutReversalStore::reversal).optional()
                .orElseThrow(() -> new InvariantViolationException("no payout reversal " + id));
    }

    public void recordReversing(UUID id) {
        jdbc.sql("update payout_reversals set status = ? where id = ? and status = ?")
                .params(PayoutReversalStatus.REVERSING.name(), id, PayoutReversalStatus.PENDING.name()).update();
    }

    /** Notes why a reversal still waits; true when this referred it (it had no note yet, and is not closed). */
    public boolean recordWaiting(UUID id, String note) {
        return jdbc.sql("update payout_reversals set note = ? where id = ? and status = ? and note is null")
                .params(note, id, PayoutReversalStatus.REVERSING.name()).update() == 1;
    }

    public void recordClosed(UUID id, PayoutReversalStatus status, String resultCode, String note,
                             OffsetDateTime now) {
        jdbc.sql("update payout_reversals set status = ?, result_code = ?, note = ?, closed_at = ? where id = ?")
                .params(status.name(), resultCode, note, now, id).update();
    }

    public List<PayoutReversal> findUnstarted(OffsetDateTime createdBefore, int limit) {
        return jdbc.sql("""
                select * from payout_reversals where not workflow_started and created_at < ?
                order by created_at limit ?
                """).params(createdBefore, limit).query(PayoutReversalStore::reversal).list();
    }

    public void markWorkflowStarted(UUID id) {
        jdbc.sql("update payout_reversals set workflow_started = true where id = ?").param(id).update();
    }

    private static PayoutReversal reversal(ResultSet rs, int row) throws SQLException {
        return new PayoutReversal(rs.getObject("id", UUID.class), rs.getString("client_id"),
                rs.getObject("line_id", UUID.class), rs.getString("line_reference"),
                rs.getObject("order_id", UUID.class), rs.getString("originator_conversation_id"),
                rs.getString("system_trace_audit_number"), rs.getBigDecimal("amount"), rs.getString("currency"),
                rs.getString("msisdn"), rs.getString("original_receipt"), rs.getString("reason"),
                rs.getString("operator_id"), rs.getString("hold_key"),
                PayoutReversalStatus.valueOf(rs.getString("status")), rs.getString("result_code"),
                rs.getString("note"), rs.getBoolean("workflow_started"),
                rs.getObject("created_at", OffsetDateTime.class), rs.getObject("closed_at", OffsetDateTime.class));
    }
}
