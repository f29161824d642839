package com.paywire.persistence.ledger;

import com.paywire.vocabulary.funding.BankEntry;
import com.paywire.vocabulary.ledger.BalanceTransactionType;
import com.paywire.vocabulary.ledger.LedgerStatementPage;
import com.paywire.vocabulary.ledger.StatementEntry;
import com.paywire.vocabulary.ledger.StatementPeriod;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.operations.OperatorActionKind;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rules.money.MoneyRules;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The posted entries of one ledger account, for a statement, each as a balance transaction: its gross amount, the
 * fee the account bore and its net, which is the entry's amount (what the account moved). Holds (pending
 * reservations) write no entries, so they are not here: a running balance is of posted money.
 *
 * <p>Each entry names the payment it belongs to, read from its transfer's key: {@code payout:<rail reference>},
 * {@code deposit:<id>}, {@code checkout:<id>}, {@code airtime:<recipient id>}, {@code bill:<id>},
 * {@code card:<CaptureId>}, {@code paybill:<id>} ({@link Product#key}); a card dispute's {@code dispute:<id>}, its
 * fee {@code :fee} and its win {@code :won} (DISPUTE, DISPUTE_FEE, DISPUTE_WON; its references the capture's id,
 * the dispute's and the processor's). The keys of a payment's other transfers extend
 * its key: the legs of a reservation {@code <key>#0} (the amount) and {@code #1} (the fee), a collection's fee
 * {@code <key>:fee}, a late payout success {@code <key>:late:amount} and {@code :late:fee}, a success booked after
 * the payment's hold was released {@code <key>:paid-late} (a payout's, a phone prompt's credit), a refund
 * {@code <key>:refund:<RefundId>} and its fee share {@code ...:fee}, a refund undone {@code <leg key>:reversed}, a
 * rail's reversal of the payment {@code <key>:reversal:<id>}: a payout's (PAYOUT_REVERSAL), or a collection's and
 * its fee {@code ...:fee} (COLLECTION_REVERSAL, its fee on its line as a refund's).
 * A receivable's recovery ({@link ReceivableRecovery}) is keyed {@code <credit key>:recovery:<debt key>}: it is
 * typed RECEIVABLE_RECOVERY and named after the debt's payment (a payout paid late: product PAYOUT, its line's
 * paymentId and references), never the credit's, and bears no fee.
 *
 * <p>The fee of an entry is found by its <em>event key</em>: the transfer's key less a trailing {@code :posted},
 * {@code :reversed} and leg suffix ({@code #<n>}, {@code :fee}, {@code :amount}, or a held fee leg's
 * {@code :fee#<n>}). A collection's credit
 * {@code S -> U} under K and its fee {@code S -> F} under {@code K:fee} share the event key K, so the collection's
 * line shows gross = net + fee; a refund's {@code U -> S} and its fee share {@code F -> S} share
 * {@code K:refund:<id>}, and their reversals the same key with {@code reversed} set. The fee is read from the
 * entries on fee revenue (in any currency) of the event's other transfers that do not touch the account: a
 * fee leg that is on the account itself (a payout's) is its own line. Reading entries joined to their transfers,
 * and stripping {@code :posted}, keeps this right whether posting a hold updates its pending row or writes a new
 * {@code <leg key>:posted} row beside it (whichever row the entries reference carries the key).
 */
@Repository
public class LedgerStatement {

    /** A transfer key's event key: the key less a trailing {@code :posted}, {@code :reversed} and leg suffix. */
    private static final String EVENT_KEY = """
            regexp_replace(regexp_replace(%1$s, '(:posted)*(:reversed)?(:posted)*$', ''), '(:fee|:amount)?(#[0-9]+)?$', '')""";
    /** Whether a transfer key undoes another. */
    private static final String REVERSED = "(regexp_replace(%1$s, '(:posted)+$', '') ~ ':reversed$')";

    private final JdbcClient jdbc;

    public LedgerStatement(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The period [from, to) of the account, and {@code limit} of its entries after the first {@code offset}, in time
     * order (the time of the transaction that posted them, then their id). Read in one snapshot, so that a transfer
     * posted meanwhile cannot make the entries disagree with the balances.
     */
    @Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
    public LedgerStatementPage page(String accountId, String clientId, Instant from, Instant to, long offset,
                                    int limit) {
        return new LedgerStatementPage(period(accountId, from, to),
                entries(accountId, clientId, from, to, offset, limit));
    }

    /** The number of entries in [from, to) and the balance at either end. */
    private StatementPeriod period(String accountId, Instant from, Instant to) {
        return jdbc.sql("""
                select count(*) filter (where created_at >= :from and created_at < :to) as entries,
                       coalesce(sum(amount) filter (where created_at < :from), 0) as opening,
                       coalesce(sum(amount) filter (where created_at < :to), 0) as closing
                from ledger_entries where account_id = :account
                """)
                .param("account", accountId).param("from", at(from)).param("to", at(to))
                .query((rs, n) -> new StatementPeriod(rs.getLong("entries"), Cents.exact(rs.getBigDecimal("opening")),
                        Cents.exact(rs.getBigDecimal("closing"))))
                .single();
    }

    private List<StatementEntry> entries(String accountId, String clientId, Instant from, Instant to, long offset,
                                         int limit) {
        return jdbc.sql(("""
                with account_entries as (
                    select e.id, e.transfer_id, e.created_at, e.amount, t.description, t.idempotency_key,
                           t.debit_account, t.credit_account,
                           sum(e.amount) over (order by e.created_at, e.id) as running_balance
                    from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
                    where e.account_id = :account
                ), page as (
                    select a.* from account_entries a
                    where a.created_at >= :from and a.created_at < :to
                    order by a.created_at, a.id limit :limit offset :offset
                ), recovered as (
                    -- a recovery (<credit key>:recovery:<debt key>) belongs to the debt's payment, not the credit's
                    select p.*, p.idempotency_key ~ ':recovery(:|$)' as recovery,
                           case when p.idempotency_key ~ ':recovery(:|$)'
                                then coalesce(substring(p.idempotency_key from ':recovery:(.*)$'), '')
                                else p.idempotency_key end as subject_key
                    from page p
                ), parsed as (
                    select p.*, split_part(p.subject_key, ':', 1) || ':' as key_prefix,
                           %1$s as event_key, %2$s as reversed, %5$s as subject_event_key,
                           (o.kind = 'FEE_REVENUE') as fee, (o.kind = 'FUNDING') as funding
                    from recovered p
                    join ledger_accounts o -- the transfer's other account
                      on o.id = case when p.debit_account = :account then p.credit_account else p.debit_account end
                ), keyed as (
                    select p.*, p.event_key like '%%:refund:%%' as refund,
                           regexp_replace(substr(p.subject_event_key, strpos(p.subject_event_key, ':') + 1),
                                          '(:late|:paid-late|:refund:.*|:reversal:.*)$', '') as payment_key
                    from parsed p
                ), identified as (
                    select k.*,
                           case when k.payment_key ~ '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
                                then k.payment_key::uuid end as payment_id
                    from keyed k
                )
                select i.*, coalesce(fee.amount, 0) as event_fee,
                       ref.client_reference, ref.paywire_reference, ref.receipt_number
                from identified i
                left join lateral (
                    -- the fee legs of the same event that do not touch the account: found by key range on the
                    -- key's text_pattern_ops index (V24), then by their own event key
                    select sum(fe.amount) as amount
                    from ledger_transfers s
                    join ledger_entries fe on fe.transfer_id = s.id
                    join ledger_accounts fa on fa.id = fe.account_id and fa.kind = 'FEE_REVENUE'
                    -- a fee the client paid from another of its accounts (a late payout's, from the working
                    -- account when the receivable took the amount) is that account's own line, not this one's
                    join ledger_accounts fp on fp.id = case when s.debit_account = fa.id then s.credit_account
                                                            else s.debit_account end
                                           and fp.kind not in ('WORKING', 'UTILITY', 'RECEIVABLE')
                    where not i.fee and not i.recovery
                      and s.idempotency_key ~>=~ i.event_key and s.idempotency_key ~<~ (i.event_key || chr(127))
                      and s.debit_account <> :account and s.credit_account <> :account
                      and %3$s = i.event_key and %4$s = i.reversed
                ) fee on true
                left join lateral (
                    select l.system_trace_audit_number as client_reference, l.order_id::text as paywire_reference,
                           -- until the rail gives its receipt, the tracking number is Paywire's own id
                           nullif(nullif(l.tracking_number, l.rail_reference), l.id::text) as receipt_number
                    from payout_lines l
                    where i.key_prefix = :payout and l.rail_reference = i.payment_key and l.client_id = :client
                    union all
                    select d.originator_conversation_id, d.id::text, d.receipt_number from express_deposits d
                    where i.key_prefix = :deposit and d.id = i.payment_id and d.client_id = :client
                    union all
                    select c.originator_conversation_id, c.system_conversation_id::text, null from checkout_orders c
                    where i.key_prefix = :checkout and c.id = i.payment_id and c.client_id = :client
                    union all
                    select ap.originator_conversation_id, ap.id::text, ar.receipt_number
                    from airtime_recipients ar join airtime_purchases ap on ap.id = ar.purchase_id
                    where i.key_prefix = :airtime and ar.id = i.payment_id and ap.client_id = :client
                    union all
                    select b.originator_conversation_id, b.id::text, b.receipt_number from bill_payments b
                    where i.key_prefix = :bill and b.id = i.payment_id and b.client_id = :client
                    union all
                    select t.order_id, t.id, null from card_transactions t
                    where i.key_prefix = :card and t.id = i.payment_key and t.client_id = :client
                    union all
                    select p.client_reference, p.id::text, p.receipt_number from paybill_deposits p
                    where i.key_prefix = :paybill and p.id = i.payment_id and p.client_id = :client
                    union all
                    -- a card dispute's (dispute:{id}, :fee, :won): the disputed capture, and the processor's id
                    select d.capture_id, d.id, d.processor_dispute_id from card_disputes d
                    where i.key_prefix = :dispute and d.id = regexp_replace(i.payment_key, ':won$', '')
                      and d.client_id = :client
                    union all
                    select x.originator_conversation_id, x.id::text, null from account_transfers x
                    where i.key_prefix = :transfer and x.id = i.payment_id and x.client_id = :client
                    union all
                    -- a bank transfer's credit: the funding reference it named, the bank's statement, its entry
                    select b.funding_reference, b.statement_id, b.entry_reference from bank_statement_entries b
                    where i.key_prefix = :bankFunding and b.entry_reference = i.payment_key
                      and b.client_id = :client
                    union all
                    -- one an operator assigned from funding suspense (operator:funding_suspense_assigned:{entry})
                    select null, b.statement_id, b.entry_reference from bank_statement_entries b
                    where i.key_prefix = 'operator:' and i.payment_key = :assignedPrefix || b.entry_reference
                      and b.assigned_client_id = :client
                ) ref on true
                order by i.created_at, i.id
                """).formatted(EVENT_KEY.formatted("p.idempotency_key"), REVERSED.formatted("p.idempotency_key"),
                        EVENT_KEY.formatted("s.idempotency_key"), REVERSED.formatted("s.idempotency_key"),
                        EVENT_KEY.formatted("p.subject_key")))
                .param("account", accountId).param("client", clientId).param("from", at(from)).param("to", at(to))
                .param("offset", offset).param("limit", limit)
                .param("payout", Product.PAYOUT.keyPrefix()).param("deposit", Product.PHONE_PROMPT.keyPrefix())
                .param("checkout", Product.CHECKOUT.keyPrefix()).param("airtime", Product.AIRTIME.keyPrefix())
                .param("bill", Product.BILL.keyPrefix()).param("card", Product.CARD.keyPrefix())
                .param("paybill", Product.PAYBILL_DEPOSIT.keyPrefix())
                .param("dispute", MoneyRules.DISPUTE_KEY_PREFIX)
                .param("transfer", Product.ACCOUNT_TRANSFER.keyPrefix())
                .param("bankFunding", BankEntry.KEY_PREFIX)
                .param("assignedPrefix", OperatorActionKind.FUNDING_SUSPENSE_ASSIGNED.ledgerKey("")
                        .substring("operator:".length()))
                .query((rs, n) -> entry(rs))
                .list();
    }

    private static StatementEntry entry(ResultSet rs) throws SQLException {
        String keyPrefix = rs.getString("key_prefix");
        Optional<Product> product = Product.ofKeyPrefix(keyPrefix);
        boolean feeLeg = rs.getBoolean("fee");
        BigDecimal net = rs.getBigDecimal("amount");
        // the fee the account bore: its own fee entry's debit, or the fee legs of the same event beside it
        BigDecimal fee = Cents.exact(feeLeg ? net.negate() : rs.getBigDecimal("event_fee"));
        BalanceTransactionType type = BalanceTransactionType.of(rs.getString("event_key"), product,
                rs.getBoolean("funding"), rs.getBoolean("refund"), rs.getBoolean("reversed"), feeLeg,
                rs.getBoolean("recovery"));
        OffsetDateTime time = rs.getObject("created_at", OffsetDateTime.class);
        return new StatementEntry(rs.getLong("id"), time, rs.getString("description"), product(keyPrefix),
                rs.getString("client_reference"), rs.getString("paywire_reference"), feeLeg, net,
                rs.getBigDecimal("running_balance"), type, Cents.exact(net.add(fee)), fee, Cents.exact(net),
                product.isPresent() ? rs.getString("payment_key") : null, rs.getString("receipt_number"), time);
    }

    private static String product(String keyPrefix) {
        if (MoneyRules.DISPUTE_KEY_PREFIX.equals(keyPrefix)) {
            return "DISPUTE";
        }
        if (Ledger.OPENING_FLOAT.equals(keyPrefix) || BankEntry.KEY_PREFIX.equals(keyPrefix)) {
            return "FUNDING";
        }
        return Product.ofKeyPrefix(keyPrefix).map(Product::statementName).orElse("OTHER");
    }

    private static OffsetDateTime at(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }
}
