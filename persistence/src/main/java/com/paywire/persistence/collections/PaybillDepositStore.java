package com.paywire.persistence.collections;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.vocabulary.collections.PaybillDeposit;
import com.paywire.vocabulary.collections.PaybillDepositStatus;
import com.paywire.vocabulary.collections.PaybillSettings;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Paybill deposits (C2B), one per rail receipt, and what each client set for them. */
@Repository
public class PaybillDepositStore {

    private final JdbcClient jdbc;

    public PaybillDepositStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Records the rail's confirmation unless its receipt is recorded already.
     *
     * @return the deposit recorded under the receipt: this one, or the one a repeated confirmation found
     */
    public PaybillDeposit insertOnce(PaybillDeposit d) {
        jdbc.sql("""
                insert into paybill_deposits (id, receipt_number, short_code, account_reference, amount, phone_number,
                    transaction_time, client_id, client_reference, status, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (receipt_number) do nothing
                """).params(d.id(), d.receiptNumber(), d.shortCode(), d.accountReference(), d.amount(),
                d.phoneNumber(), d.transactionTime(), d.clientId(), d.clientReference(), d.status().name(),
                d.createdAt()).update();
        return findByReceipt(d.receiptNumber()).orElseThrow();
    }

    public Optional<PaybillDeposit> find(UUID id) {
        return jdbc.sql("select * from paybill_deposits where id = ?").param(id)
                .query(PaybillDepositStore::deposit).optional();
    }

    public Optional<PaybillDeposit> findByReceipt(String receiptNumber) {
        return jdbc.sql("select * from paybill_deposits where receipt_number = ?").param(receiptNumber)
                .query(PaybillDepositStore::deposit).optional();
    }

    /** The client's deposit with this receipt; another client's is none of its business. */
    public Optional<PaybillDeposit> findByReceipt(String clientId, String receiptNumber) {
        return jdbc.sql("select * from paybill_deposits where client_id = ? and receipt_number = ?")
                .params(clientId, receiptNumber).query(PaybillDepositStore::deposit).optional();
    }

    /** The client's deposits paid with this reference of its own, newest first. */
    public List<PaybillDeposit> findByClientReference(String clientId, String clientReference, int limit) {
        return jdbc.sql("""
                select * from paybill_deposits where client_id = ? and client_reference = ?
                order by created_at desc, receipt_number limit ?
                """).params(clientId, clientReference, limit).query(PaybillDepositStore::deposit).list();
    }

    /** The deposits held in suspense, newest first, for operators. */
    public List<PaybillDeposit> suspended(int limit) {
        return jdbc.sql("select * from paybill_deposits where status = ? order by created_at desc limit ?")
                .params(PaybillDepositStatus.SUSPENDED.name(), limit).query(PaybillDepositStore::deposit).list();
    }

    /** The deposit's row, locked until the transaction ends. */
    public PaybillDeposit lock(UUID id) {
        return jdbc.sql("select * from paybill_deposits where id = ? for update").param(id)
                .query(PaybillDepositStore::deposit).optional()
                .orElseThrow(() -> new InvariantViolationException("no paybill deposit " + id));
    }

    public void recordCredited(UUID id, String clientId, String clientReference, BigDecimal fee, OffsetDateTime now) {
        jdbc.sql("""
                update paybill_deposits set status = ?, client_id = ?, client_reference = ?, fee = ?, closed_at = ?
                where id = ?
                """).params(PaybillDepositStatus.CREDITED.name(), clientId, clientReference, fee, now, id).update();
    }

    public void recordSuspended(UUID id, String reason, OffsetDateTime now) {
        jdbc.sql("""
                update paybill_deposits set status = ?, status_reason = ?, closed_at = ?, client_id = null,
                    client_reference = null
                where id = ?
                """)
                .params(PaybillDepositStatus.SUSPENDED.name(), reason, now, id).update();
    }

    /**
     * A deposit held in suspense that an operator assigned to a client: it becomes that client's, credited, as it
     * would have been; only from SUSPENDED.
     *
     * @return whether it moved (false: it was not in suspense)
     */
    public boolean recordAssigned(UUID id, String clientId, String clientReference, BigDecimal fee,
                                  OffsetDateTime now) {
        return jdbc.sql("""
                update paybill_deposits set status = ?, client_id = ?, client_reference = ?, fee = ?, closed_at = ?
                where id = ? and status = ?
                """).params(PaybillDepositStatus.CREDITED.name(), clientId, clientReference, fee, now, id,
                PaybillDepositStatus.SUSPENDED.name()).update() == 1;
    }

    public List<PaybillDeposit> findUnstarted(OffsetDateTime acceptedBefore, int limit) {
        return jdbc.sql("""
                select * from paybill_deposits where not workflow_started and created_at < ?
                order by created_at limit ?
                """).params(acceptedBefore, limit).query(PaybillDepositStore::deposit).list();
    }

    public void markWorkflowStarted(UUID id) {
        jdbc.sql("update paybill_deposits set workflow_started = true where id = ?").param(id).update();
    }

    public PaybillSettings settings(String clientId) {
        return jdbc.sql("select client_id, callback_url, validation_url from client_paybill_settings where client_id = ?")
                .param(clientId).query((rs, n) -> new PaybillSettings(rs.getString("client_id"),
                        rs.getString("callback_url"), rs.getString("validation_url"))).optional().orElse(PaybillSettings.none(clientId));
    }

    public void saveSettings(PaybillSettings settings, OffsetDateTime now) {
        jdbc.sql("""
                insert into client_paybill_settings (client_id, callback_url, validation_url, updated_at)
                values (?, ?, ?, ?)
                on conflict (client_id) do update set callback_url = excluded.callback_url,
                    validation_url = excluded.validation_url, updated_at = excluded.updated_at
                """).params(settings.clientId(), settings.callbackUrl(), settings.validationUrl(), now).update();
    }

    private static PaybillDeposit deposit(ResultSet rs, int row) throws SQLException {
        return new PaybillDeposit(rs.getObject("id", UUID.class), rs.getString("receipt_number"),
                rs.getString("short_code"), rs.getString("account_reference"), rs.getBigDecimal("amount"),
                rs.getString("phone_number"), rs.getObject("transaction_time", OffsetDateTime.class),
                rs.getString("client_id"), rs.getString("client_reference"), rs.getBigDecimal("fee"),
                PaybillDepositStatus.valueOf(rs.getString("status")), rs.getString("status_reason"),
                rs.getBoolean("workflow_started"), rs.getObject("created_at", OffsetDateTime.class),
                rs.getObject("closed_at", OffsetDateTime.class));
    }
}
