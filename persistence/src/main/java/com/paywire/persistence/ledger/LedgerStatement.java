package com.paywire.persistence.ledger;

import com.paywire.vocabulary.ledger.Product;
import com.paywire.vocabulary.money.Cents;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The posted entries of one ledger account, for a statement. Holds (pending reservations) write no entries, so they
 * are not here: a running balance is of posted money. Each entry names the payment it belongs to, read from its
 * transfer's key: {@code payout:<rail reference>}, {@code deposit:<id>}, {@code checkout:<id>},
 * {@code airtime:<recipient id>}, {@code bill:<id>}, {@code card:<CaptureId>}; the legs of a reservation are
 * {@code <key>#0} (the amount) and {@code <key>#1} (the fee), a late payout success is {@code <key>:late:amount} and
 * {@code <key>:late:fee}, a refund of a collection {@code <key>:refund:<RefundId>} (and its reversal). A posted leg's
 * entries belong to its resolution ({@code <key>#0:posted}): they are named by the leg's key.
 */
@Repository
public class LedgerStatement {

    private final JdbcClient jdbc;

    public LedgerStatement(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** @param opening the balance at {@code from}; {@code closing} the balance at {@code to} */
    public record Period(long entries, BigDecimal opening, BigDecimal closing) {
    }

    /**
     * @param product          PAYOUT, EXPRESS_DEPOSIT, CHECKOUT, AIRTIME, BILL, CARD, PAYBILL_DEPOSIT, FUNDING or
     *                         OTHER
     * @param clientReference  the client's own id of the payment: a payout line's stan, a paybill deposit's
     *                         AccountNo less the prefix, otherwise the originatorConversationId
     * @param paywireReference Paywire's id of the payment (its systemConversationId)
     * @param fee              whether the entry is the fee of the payment rather than its amount
     */
    public record Entry(long id, OffsetDateTime time, String description, String product, String clientReference,
                        String paywireReference, boolean fee, BigDecimal amount, BigDecimal runningBalance) {
    }

    public record Page(Period period, List<Entry> entries) {
    }

    /**
     * The period [from, to) of the account, and {@code limit} of its entries after the first {@code offset}, in time
     * order (the time of the transaction that posted them, then their id). Read in one snapshot, so that a transfer
     * posted meanwhile cannot make the entries disagree with the balances.
     */
    @Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
    public Page page(String accountId, String clientId, Instant from, Instant to, long offset, int limit) {
        return new Page(period(accountId, from, to), entries(accountId, clientId, from, to, offset, limit));
    }

    /** The number of entries in [from, to) and the balance at either end. */
    private Period period(String accountId, Instant from, Instant to) {
        return jdbc.sql("""
                select count(*) filter (where created_at >= :from and created_at < :to) as entries,
                       coalesce(sum(amount) filter (where created_at < :from), 0) as opening,
                       coalesce(sum(amount) filter (where created_at < :to), 0) as closing
                from ledger_entries where account_id = :account
                """)
                .param("account", accountId).param("from", at(from)).param("to", at(to))
                .query((rs, n) -> new Period(rs.getLong("entries"), Cents.exact(rs.getBigDecimal("opening")),
                        Cents.exact(rs.getBigDecimal("closing"))))
                .single();
    }

    private List<Entry> entries(String accountId, String clientId, Instant from, Instant to, long offset, int limit) {
        return jdbc.sql("""
                with account_entries as (
                    select e.id, e.created_at, e.amount, t.description,
                           coalesce(leg.idempotency_key, t.idempotency_key) as idempotency_key,
                           sum(e.amount) over (order by e.created_at, e.id) as running_balance
                    from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
                    left join ledger_transfers leg on leg.id = t.pending_id
                    where e.account_id = :account
                ), page as (
                    select a.*, split_part(a.idempotency_key, ':', 1) || ':' as key_prefix,
                           regexp_replace(substr(a.idempotency_key, strpos(a.idempotency_key, ':') + 1),
                                          '(#[0-9]+|:late:(amount|fee)|:refund:.*)$', '') as payment_key,
                           a.idempotency_key ~ '(#1|:late:fee)$' as fee
                    from account_entries a
                    where a.created_at >= :from and a.created_at < :to
                    order by a.created_at, a.id limit :limit offset :offset
                ), keyed as (
                    select p.*,
                           case when p.payment_key ~ '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
                                then p.payment_key::uuid end as payment_id
                    from page p
                )
                select k.*, ref.client_reference, ref.paywire_reference
                from keyed k left join lateral (
                    select l.system_trace_audit_number as client_reference, l.order_id::text as paywire_reference
                    from payout_lines l
                    where k.key_prefix = :payout and l.rail_reference = k.payment_key and l.client_id = :client
                    union all
                    select d.originator_conversation_id, d.id::text from express_deposits d
                    where k.key_prefix = :deposit and d.id = k.payment_id and d.client_id = :client
                    union all
                    select c.originator_conversation_id, c.system_conversation_id::text from checkout_orders c
                    where k.key_prefix = :checkout and c.id = k.payment_id and c.client_id = :client
                    union all
                    select ap.originator_conversation_id, ap.id::text
                    from airtime_recipients ar join airtime_purchases ap on ap.id = ar.purchase_id
                    where k.key_prefix = :airtime and ar.id = k.payment_id and ap.client_id = :client
                    union all
                    select b.originator_conversation_id, b.id::text from bill_payments b
                    where k.key_prefix = :bill and b.id = k.payment_id and b.client_id = :client
                    union all
                    select t.order_id, t.id from card_transactions t
                    where k.key_prefix = :card and t.id = k.payment_key and t.client_id = :client
                    union all
                    select p.client_reference, p.id::text from paybill_deposits p
                    where k.key_prefix = :paybill and p.id = k.payment_id and p.client_id = :client
                ) ref on true
                order by k.created_at, k.id
                """)
                .param("account", accountId).param("client", clientId).param("from", at(from)).param("to", at(to))
                .param("offset", offset).param("limit", limit)
                .param("payout", Product.PAYOUT.keyPrefix()).param("deposit", Product.PHONE_PROMPT.keyPrefix())
                .param("checkout", Product.CHECKOUT.keyPrefix()).param("airtime", Product.AIRTIME.keyPrefix())
                .param("bill", Product.BILL.keyPrefix()).param("card", Product.CARD.keyPrefix())
                .param("paybill", Product.PAYBILL_DEPOSIT.keyPrefix())
                .query((rs, n) -> new Entry(rs.getLong("id"), rs.getObject("created_at", OffsetDateTime.class),
                        rs.getString("description"), product(rs.getString("key_prefix")),
                        rs.getString("client_reference"), rs.getString("paywire_reference"), rs.getBoolean("fee"),
                        rs.getBigDecimal("amount"), rs.getBigDecimal("running_balance")))
                .list();
    }

    private static String product(String keyPrefix) {
        if (Ledger.OPENING_FLOAT.equals(keyPrefix)) {
            return "FUNDING";
        }
        return Product.ofKeyPrefix(keyPrefix).map(Product::statementName).orElse("OTHER");
    }

    private static OffsetDateTime at(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }
}
