package com.paywire.persistence.operations;

import com.paywire.vocabulary.airtime.AirtimeRecipientStatus;
import com.paywire.vocabulary.bills.BillPaymentStatus;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.operations.PendingConfirmation;
import com.paywire.vocabulary.operations.ResolutionOutcome;
import com.paywire.vocabulary.operations.UnconfirmedPayment;
import com.paywire.vocabulary.operations.UnconfirmedPaymentPage;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.settlements.SettlementStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Airtime recipients and bill payments pending confirmation (Processing, code 14: their rail never said what became
 * of them, their funds held), payout lines referred to operations with their money undecided (Timed Out with
 * their hold kept, or paid by the rail after their hold was released), and card captures and refunds the card
 * processor never answered about, referred and still held, and phone prompts the rail never answered about, referred
 * with their credit still held, and settlements the bank never answered for, referred with their hold kept, across
 * every client, for operators; and the operators' resolutions of them.
 */
@Repository
public class UnconfirmedPaymentStore {

    /**
     * The airtime recipients and bill payments pending confirmation, and the payout lines referred with their money
     * undecided (a line is listed only once referred: until then its workflow still asks the rail), the card
     * operations referred and undecided, and the phone prompts of their own (express deposits, payment links'
     * payments) referred with their credit still held under {@code deposit:{id}} (V41), in one shape.
     */
    private static final String PENDING_CONFIRMATION = """
            select '%s' as product, r.id::text as id, p.client_id, p.originator_conversation_id, r.amount, r.fee,
                r.unconfirmed_since, r.referred_at, r.id::text as ledger_id
            from airtime_recipients r join airtime_purchases p on p.id = r.purchase_id
            where r.status = '%s' and r.result_code = '%s'
            union all
            select '%s', b.id::text, b.client_id, b.originator_conversation_id, b.amount, b.fee, b.unconfirmed_since,
                b.referred_at, b.id::text
            from bill_payments b
            where b.status = %d and b.status_code = '%s'
            union all
            select '%s', l.id::text, l.client_id, o.originator_conversation_id, l.amount, coalesce(l.fee_amount, 0),
                l.unconfirmed_since, l.referred_at, l.rail_reference
            from payout_lines l join payment_orders o on o.id = l.order_id
            where l.unconfirmed is not null and l.referred_at is not null
            union all
            select '%s', t.id, t.client_id, t.request_id, t.amount, coalesce(fee.amount, 0), t.unconfirmed_since,
                t.referred_at, t.id
            from card_transactions t left join ledger_transfers fee on fee.idempotency_key = '%s' || t.id || '#1'
            where %s
            union all
            select '%s', d.id::text, d.client_id, d.originator_conversation_id, d.amount, 0, d.unconfirmed_since,
                d.referred_at, d.id::text
            from express_deposits d
            where d.referred_at is not null and d.status <> '%s'
                and exists (select 1 from ledger_open_holds h where h.reservation_key = '%s' || d.id::text)
            union all
            select '%s', s.id::text, s.client_id, s.originator_conversation_id, s.net, s.fee, s.unconfirmed_since,
                s.referred_at, s.id::text
            from settlements s
            where s.status = '%s' and s.referred_at is not null
            """.formatted(Product.AIRTIME, AirtimeRecipientStatus.PROCESSING, PendingConfirmation.CODE, Product.BILL,
            BillPaymentStatus.PROCESSING.code(), PendingConfirmation.CODE, Product.PAYOUT, Product.CARD,
            Product.CARD.keyPrefix(), CardReferrals.UNDECIDED, Product.PHONE_PROMPT, DepositStatus.COMPLETED,
            Product.PHONE_PROMPT.keyPrefix(), Product.SETTLEMENT, SettlementStatus.UNCONFIRMED);

    private final JdbcClient jdbc;

    public UnconfirmedPaymentStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Oldest first: the longest held is the most urgent. */
    public UnconfirmedPaymentPage list(int page, int pageSize) {
        List<UnconfirmedPayment> payments = jdbc.sql("select * from (" + PENDING_CONFIRMATION + ") pending"
                        + " order by unconfirmed_since nulls first, id limit ? offset ?")
                .params(pageSize, (long) (page - 1) * pageSize).query(UnconfirmedPaymentStore::payment).list();
        long total = jdbc.sql("select count(*) from (" + PENDING_CONFIRMATION + ") pending").query(Long.class).single();
        return new UnconfirmedPaymentPage(payments, total);
    }

    /**
     * The ledger keys ({@code Product.key}) of the payments pending confirmation that were referred to operations:
     * their holds wait for an operator's word, however old.
     */
    public Set<String> referredKeys() {
        // a line's ledger key names its rail reference, which for lines accepted before V14 is its stan, not its id
        Set<String> keys = new HashSet<>(jdbc.sql("select product, ledger_id from (" + PENDING_CONFIRMATION
                        + ") pending where referred_at is not null and product <> ?").param(Product.CARD.name())
                .query((rs, n) -> Product.valueOf(rs.getString("product")).key(rs.getString("ledger_id"))).set());
        keys.addAll(CardReferrals.heldKeys(jdbc));
        // a payout reversal still unanswered once referred (its note says so), its amount held
        keys.addAll(jdbc.sql("select hold_key from payout_reversals where status = 'REVERSING' and note is not null")
                .query(String.class).set());
        return keys;
    }

    /**
     * Records an operator's resolution; with the payment's row locked by the caller, in the transaction that applies
     * it (a card operation's is recorded before its workflow applies it: the key lets one operator's through).
     *
     * @throws org.springframework.dao.DuplicateKeyException when the payment was resolved before
     */
    public void recordResolution(Product product, String paymentId, String clientId, ResolutionOutcome outcome,
                                 String reference, String resolvedBy, OffsetDateTime resolvedAt) {
        jdbc.sql("""
                insert into unconfirmed_payment_resolutions (product, payment_id, client_id, outcome, reference,
                    resolved_by, resolved_at)
                values (?, ?, ?, ?, ?, ?, ?)
                """).params(product.name(), paymentId, clientId, outcome.name(), reference, resolvedBy, resolvedAt)
                .update();
    }

    /** Whether the card capture or refund is referred to operators and still undecided. */
    public boolean isReferredCardOperation(String id) {
        return jdbc.sql("select count(*) from card_transactions t where t.id = ? and " + CardReferrals.UNDECIDED)
                .param(id).query(Long.class).single() > 0;
    }

    /**
     * Takes back a resolution recorded for a card operation whose workflow then refused it (or could not be told):
     * nothing was changed, and the operator may resolve it again.
     */
    public void forgetResolution(Product product, String paymentId) {
        jdbc.sql("delete from unconfirmed_payment_resolutions where product = ? and payment_id = ?")
                .params(product.name(), paymentId).update();
    }

    private static UnconfirmedPayment payment(ResultSet rs, int row) throws SQLException {
        return new UnconfirmedPayment(Product.valueOf(rs.getString("product")), rs.getString("id"),
                rs.getString("client_id"), rs.getString("originator_conversation_id"), rs.getBigDecimal("amount"),
                rs.getBigDecimal("fee"), rs.getObject("unconfirmed_since", OffsetDateTime.class),
                rs.getObject("referred_at", OffsetDateTime.class));
    }
}
