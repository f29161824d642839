package com.paywire.persistence.settlements;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.RequestTable;
import com.paywire.vocabulary.ledger.BalanceTransactionType;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.settlements.SettledEntry;
import com.paywire.vocabulary.settlements.Settlement;
import com.paywire.vocabulary.settlements.SettlementInstructions;
import com.paywire.vocabulary.settlements.SettlementSchedule;
import com.paywire.vocabulary.settlements.SettlementStatus;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Settlement instructions, settlements and the utility entries each settles (V44). Every time is the caller's (the
 * platform clock). Statuses are written from {@link SettlementStatus} and moved only from the statuses a guarded
 * update names, so a late step changes nothing twice.
 */
@Repository
public class SettlementStore {

    private static final String OPEN = "'PENDING', 'PROCESSING', 'UNCONFIRMED'";

    private final JdbcClient jdbc;
    private final RequestTable<Settlement> table;

    public SettlementStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
        this.table = new RequestTable<>(jdbc, "settlements", "originator_conversation_id", "settlement",
                (rs, n) -> settlement(rs));
    }

    // --- instructions

    public Optional<SettlementInstructions> instructions(String clientId) {
        return jdbc.sql("select * from settlement_instructions where client_id = ?").param(clientId)
                .query((rs, n) -> instructions(rs)).optional();
    }

    /** The client's instructions, locked until the caller's transaction ends; empty when it has none. */
    public Optional<SettlementInstructions> lockInstructions(String clientId) {
        return jdbc.sql("select * from settlement_instructions where client_id = ? for update").param(clientId)
                .query((rs, n) -> instructions(rs)).optional();
    }

    /** Writes the client's instructions, the first or a change. */
    public void saveInstructions(SettlementInstructions i) {
        jdbc.sql("""
                insert into settlement_instructions (client_id, bank_code, account_number, account_name, schedule,
                    minimum_amount, account_changed_at, usable_from, created_at, updated_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (client_id) do update set bank_code = excluded.bank_code,
                    account_number = excluded.account_number, account_name = excluded.account_name,
                    schedule = excluded.schedule, minimum_amount = excluded.minimum_amount,
                    account_changed_at = excluded.account_changed_at, usable_from = excluded.usable_from,
                    updated_at = excluded.updated_at
                """).params(i.clientId(), i.bankCode(), i.accountNumber(), i.accountName(), i.schedule().name(),
                i.minimumAmount(), i.accountChangedAt(), i.usableFrom(), i.createdAt(), i.updatedAt()).update();
    }

    // --- settlements

    /**
     * Records a new settlement unless the client's id of it is recorded already, or another settlement of the client
     * is still open.
     *
     * @return whether this call recorded it
     */
    public boolean insert(Settlement s) {
        return jdbc.sql("""
                insert into settlements (id, client_id, originator_conversation_id, scheduled, status, amount, fee,
                    net, bank_code, account_number, account_name, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict do nothing
                """).params(s.id(), s.clientId(), s.originatorConversationId(), s.scheduled(), s.status().name(),
                s.amount(), s.fee(), s.net(), s.bankCode(), s.accountNumber(), s.accountName(), s.createdAt())
                .update() == 1;
    }

    public Optional<Settlement> find(UUID id) {
        return table.find(id);
    }

    /** The client's settlement; another client's is as unknown as one that does not exist. */
    public Optional<Settlement> find(String clientId, UUID id) {
        return table.find(id).filter(s -> s.clientId().equals(clientId));
    }

    public Optional<Settlement> findByOriginatorConversationId(String clientId, String originatorConversationId) {
        return table.find(clientId, originatorConversationId);
    }

    /** The client's open settlement, if it has one. */
    public Optional<Settlement> open(String clientId) {
        return jdbc.sql("select * from settlements where client_id = ? and status in (" + OPEN + ")")
                .param(clientId).query((rs, n) -> settlement(rs)).optional();
    }

    public Settlement lock(UUID id) {
        return table.lock(id);
    }

    public void markWorkflowStarted(UUID id) {
        table.markWorkflowStarted(id);
    }

    /** The client's settlements made in [from, to), newest first. */
    public List<Settlement> list(String clientId, OffsetDateTime from, OffsetDateTime to, int limit) {
        return jdbc.sql("""
                select * from settlements where client_id = ? and created_at >= ? and created_at < ?
                order by created_at desc, id limit ?
                """).params(clientId, from, to, limit).query((rs, n) -> settlement(rs)).list();
    }

    /**
     * Gives the settlement every posted entry of the client's KES utility account so far that no other settlement has
     * and that is not a settlement's own, and answers their sum. Run in the transaction that holds the settlement's
     * amount, after the hold locked the account: an entry posted meanwhile waits for that lock, so the entries read
     * are exactly those the held balance was made of.
     */
    public BigDecimal attributeEntries(UUID settlementId, String clientId) {
        jdbc.sql("""
                insert into settlement_entries (settlement_id, entry_id, amount)
                select ?, e.id, e.amount
                from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
                where e.account_id = ? and t.idempotency_key not like ?
                  and not exists (select 1 from settlement_entries s where s.entry_id = e.id)
                on conflict do nothing
                """).params(settlementId, LedgerAccounts.utility(clientId), Product.SETTLEMENT.keyPrefix() + "%")
                .update();
        return entriesTotal(settlementId);
    }

    public BigDecimal entriesTotal(UUID settlementId) {
        return Cents.exact(jdbc.sql("select coalesce(sum(amount), 0) from settlement_entries where settlement_id = ?")
                .param(settlementId).query(BigDecimal.class).single());
    }

    /** What the client's last paid settlement carried forward; zero when it has none. */
    public BigDecimal lastCarriedOut(String clientId) {
        return jdbc.sql("""
                select carried_out from settlements where client_id = ? and status = 'PAID'
                order by paid_at desc, created_at desc limit 1
                """).param(clientId).query(BigDecimal.class).optional().map(Cents::exact).orElse(Cents.exact(BigDecimal.ZERO));
    }

    /** The settlement's entries, in the order they were posted. */
    public List<SettledEntry> entries(UUID settlementId) {
        return jdbc.sql("""
                select e.id, e.created_at, e.amount, t.description, t.idempotency_key,
                       o.kind = 'FEE_REVENUE' as fee, o.kind = 'FUNDING' as funding
                from settlement_entries s
                join ledger_entries e on e.id = s.entry_id
                join ledger_transfers t on t.id = e.transfer_id
                join ledger_accounts o
                  on o.id = case when t.debit_account = e.account_id then t.credit_account else t.debit_account end
                where s.settlement_id = ?
                order by e.created_at, e.id
                """).param(settlementId).query((rs, n) -> entry(rs)).list();
    }

    /** PENDING to PROCESSING: its amount held and its entries taken. */
    public void markProcessing(UUID id, BigDecimal carriedIn, BigDecimal carriedOut, OffsetDateTime heldAt) {
        requireMoved(id, jdbc.sql("""
                update settlements set status = 'PROCESSING', carried_in = ?, carried_out = ?, held_at = ?
                where id = ? and status = 'PENDING'
                """).params(carriedIn, carriedOut, heldAt, id).update(), "PENDING -> PROCESSING");
    }

    /** PROCESSING or UNCONFIRMED to UNCONFIRMED: the bank gave no final answer in its window; the hold stays. */
    public void markUnconfirmed(UUID id, OffsetDateTime since) {
        jdbc.sql("""
                update settlements set status = 'UNCONFIRMED', unconfirmed_since = coalesce(unconfirmed_since, ?),
                    result_code = '-1', result_description = 'No final answer from the bank yet'
                where id = ? and status in ('PROCESSING', 'UNCONFIRMED')
                """).params(since, id).update();
    }

    public void markReferred(UUID id, OffsetDateTime at) {
        jdbc.sql("update settlements set referred_at = coalesce(referred_at, ?) where id = ? and status = 'UNCONFIRMED'")
                .params(at, id).update();
    }

    /** To PAID from PROCESSING or UNCONFIRMED; false when it had left them (a repeated close). */
    public boolean markPaid(UUID id, String resultCode, String resultDescription, String bankReference,
                            OffsetDateTime paidAt) {
        return jdbc.sql("""
                update settlements set status = 'PAID', result_code = ?, result_description = ?, bank_reference = ?,
                    paid_at = ?
                where id = ? and status in ('PROCESSING', 'UNCONFIRMED')
                """).params(resultCode, resultDescription, bankReference, paidAt, id).update() == 1;
    }

    /**
     * To FAILED from any open status, its entries given back for the next settlement; false when it was final
     * already.
     */
    public boolean markFailed(UUID id, String resultCode, String resultDescription, OffsetDateTime failedAt) {
        boolean moved = jdbc.sql("""
                update settlements set status = 'FAILED', result_code = ?, result_description = ?, failed_at = ?,
                    carried_out = null
                where id = ? and status in (""" + OPEN + ")")
                .params(resultCode, resultDescription, failedAt, id).update() == 1;
        if (moved) {
            jdbc.sql("delete from settlement_entries where settlement_id = ?").param(id).update();
        }
        return moved;
    }

    private static void requireMoved(UUID id, int rows, String move) {
        if (rows != 1) {
            throw new InvariantViolationException("settlement " + id + " could not move " + move);
        }
    }

    private static SettledEntry entry(ResultSet rs) throws SQLException {
        String key = rs.getString("idempotency_key");
        String prefix = key.contains(":") ? key.substring(0, key.indexOf(':') + 1) : key;
        Optional<Product> product = Product.ofKeyPrefix(prefix);
        boolean refund = key.contains(":refund:");
        boolean reversed = key.replaceAll("(:posted)+$", "").endsWith(":reversed");
        boolean recovery = key.matches(".*:recovery(:.*|$)");
        BalanceTransactionType type = BalanceTransactionType.of(key.replaceAll("#[0-9]+$", ""), product,
                rs.getBoolean("funding"), refund, reversed, rs.getBoolean("fee"), recovery);
        String paymentId = product.map(p -> key.substring(p.keyPrefix().length())
                .replaceAll("(#[0-9]+)?(:.*)?$", "")).orElse(null);
        return new SettledEntry(rs.getLong("id"), rs.getObject("created_at", OffsetDateTime.class), type,
                product.map(Product::statementName).orElse("OTHER"), paymentId, rs.getString("description"),
                Cents.exact(rs.getBigDecimal("amount")));
    }

    private static SettlementInstructions instructions(ResultSet rs) throws SQLException {
        return new SettlementInstructions(rs.getString("client_id"), rs.getString("bank_code"),
                rs.getString("account_number"), rs.getString("account_name"),
                SettlementSchedule.valueOf(rs.getString("schedule")), Cents.exact(rs.getBigDecimal("minimum_amount")),
                rs.getObject("account_changed_at", OffsetDateTime.class),
                rs.getObject("usable_from", OffsetDateTime.class), rs.getObject("created_at", OffsetDateTime.class),
                rs.getObject("updated_at", OffsetDateTime.class));
    }

    private static Settlement settlement(ResultSet rs) throws SQLException {
        return new Settlement(rs.getObject("id", UUID.class), rs.getString("client_id"),
                rs.getString("originator_conversation_id"), rs.getBoolean("scheduled"),
                SettlementStatus.valueOf(rs.getString("status")), Cents.exact(rs.getBigDecimal("amount")),
                Cents.exact(rs.getBigDecimal("fee")), Cents.exact(rs.getBigDecimal("net")),
                cents(rs.getBigDecimal("carried_in")), cents(rs.getBigDecimal("carried_out")),
                rs.getString("bank_code"), rs.getString("account_number"), rs.getString("account_name"),
                rs.getString("result_code"), rs.getString("result_description"), rs.getString("bank_reference"),
                rs.getObject("created_at", OffsetDateTime.class), rs.getObject("held_at", OffsetDateTime.class),
                rs.getObject("paid_at", OffsetDateTime.class), rs.getObject("failed_at", OffsetDateTime.class),
                rs.getObject("unconfirmed_since", OffsetDateTime.class),
                rs.getObject("referred_at", OffsetDateTime.class), rs.getBoolean("workflow_started"));
    }

    private static BigDecimal cents(BigDecimal value) {
        return value == null ? null : Cents.exact(value);
    }
}
