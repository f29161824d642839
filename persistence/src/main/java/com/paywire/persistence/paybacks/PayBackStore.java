package com.paywire.persistence.paybacks;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.vocabulary.paybacks.PayBack;
import com.paywire.vocabulary.paybacks.PayBackKind;
import com.paywire.vocabulary.paybacks.PayBackMethod;
import com.paywire.vocabulary.paybacks.PayBackStatus;
import com.paywire.vocabulary.products.Product;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Money paid back to payers (V45 {@code pay_backs}): suspense returns, refunds due and reversals of collections
 * (V51), one row per attempt.
 */
@Repository
public class PayBackStore {

    private final JdbcClient jdbc;

    public PayBackStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Records a pay-back unless one of its kind, subject and attempt is recorded already.
     *
     * @return the row standing under them: this one, or the earlier one
     */
    public PayBack insertOnce(PayBack p) {
        return insertOnce(p, p.kind().owedAccount());
    }

    /** {@link #insertOnce(PayBack)} of one whose money waits on an account of its own (a client's). */
    public PayBack insertOnce(PayBack p, String owedAccount) {
        jdbc.sql("""
                insert into pay_backs (id, kind, subject, attempt, owed_account, hold_key, product, payment_id,
                    checkout_id, amount, currency, status, reason, operator_id, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (kind, subject, attempt) do nothing
                """).params(p.id(), p.kind().name(), p.subject(), p.attempt(), owedAccount, p.holdKey(),
                p.product().name(), p.paymentId(), p.checkoutId(), p.amount(), p.currency(), p.status().name(),
                p.reason(), p.operatorId(), p.createdAt()).update();
        return find(p.kind(), p.subject(), p.attempt()).orElseThrow();
    }

    public Optional<PayBack> find(UUID id) {
        return jdbc.sql("select * from pay_backs where id = ?").param(id).query(PayBackStore::payBack).optional();
    }

    public Optional<PayBack> find(PayBackKind kind, String subject, int attempt) {
        return jdbc.sql("select * from pay_backs where kind = ? and subject = ? and attempt = ?")
                .params(kind.name(), subject, attempt).query(PayBackStore::payBack).optional();
    }

    /** The newest attempt of the subject, if any. */
    public Optional<PayBack> latest(PayBackKind kind, String subject) {
        return jdbc.sql("select * from pay_backs where kind = ? and subject = ? order by attempt desc limit 1")
                .params(kind.name(), subject).query(PayBackStore::payBack).optional();
    }

    /** The row, locked until the transaction ends. */
    public PayBack lock(UUID id) {
        return jdbc.sql("select * from pay_backs where id = ? for update").param(id).query(PayBackStore::payBack)
                .optional().orElseThrow(() -> new InvariantViolationException("no pay-back " + id));
    }

    /** The newest of a kind first, at most {@code limit}. */
    public List<PayBack> newest(PayBackKind kind, int limit) {
        return jdbc.sql("select * from pay_backs where kind = ? order by created_at desc, id limit ?")
                .params(kind.name(), limit).query(PayBackStore::payBack).list();
    }

    /** Held, with the method it is paid back by. */
    public void recordPaying(UUID id, PayBackMethod method) {
        jdbc.sql("update pay_backs set status = ?, method = ? where id = ?")
                .params(PayBackStatus.PAYING.name(), method.name(), id).update();
    }

    public void recordRailReference(UUID id, String railReference) {
        jdbc.sql("update pay_backs set rail_reference = ? where id = ?").params(railReference, id).update();
    }

    /** Notes why a pay-back still waits; true when this referred it (it had no reason yet, and is not closed). */
    public boolean recordWaiting(UUID id, String reason) {
        return jdbc.sql("update pay_backs set reason = ? where id = ? and status = ? and reason is null")
                .params(reason, id, PayBackStatus.PAYING.name()).update() == 1;
    }

    public void recordClosed(UUID id, PayBackStatus status, String reason, OffsetDateTime now) {
        jdbc.sql("update pay_backs set status = ?, reason = ?, closed_at = ? where id = ?")
                .params(status.name(), reason, now, id).update();
    }

    public List<PayBack> findUnstarted(OffsetDateTime createdBefore, int limit) {
        return jdbc.sql("""
                select * from pay_backs where not workflow_started and created_at < ?
                order by created_at limit ?
                """).params(createdBefore, limit).query(PayBackStore::payBack).list();
    }

    public void markWorkflowStarted(UUID id) {
        jdbc.sql("update pay_backs set workflow_started = true where id = ?").param(id).update();
    }

    private static PayBack payBack(ResultSet rs, int row) throws SQLException {
        String method = rs.getString("method");
        return new PayBack(rs.getObject("id", UUID.class), PayBackKind.valueOf(rs.getString("kind")),
                rs.getString("subject"), rs.getInt("attempt"), rs.getString("hold_key"),
                Product.valueOf(rs.getString("product")), rs.getString("payment_id"),
                rs.getObject("checkout_id", UUID.class), rs.getBigDecimal("amount"), rs.getString("currency"),
                method == null ? null : PayBackMethod.valueOf(method), rs.getString("rail_reference"),
                PayBackStatus.valueOf(rs.getString("status")), rs.getString("reason"), rs.getString("operator_id"),
                rs.getBoolean("workflow_started"), rs.getObject("created_at", OffsetDateTime.class),
                rs.getObject("closed_at", OffsetDateTime.class));
    }
}
