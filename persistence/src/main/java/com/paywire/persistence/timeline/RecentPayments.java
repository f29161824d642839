package com.paywire.persistence.timeline;

import com.paywire.vocabulary.airtime.AirtimePurchaseStatus;
import com.paywire.vocabulary.bills.BillPaymentStatus;
import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.cards.CardTransactionType;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.collections.PaybillDepositStatus;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.timeline.RecentPayment;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * A client's newest payments of every product, newest first, for the console: a payout line (an order's lines are
 * payments each), an express deposit (its own or a payment link's; a checkout's attempts show as their checkout), a
 * checkout order, a card authorisation, a KYC request, an account validation, an airtime purchase, a bill payment,
 * a paybill deposit (one in suspense is no client's).
 * Each names its payment as {@link PaymentIdentifiers} does, so that it can be looked up again by its kind and
 * Paywire's id.
 */
@Repository
public class RecentPayments {


    /** What every select of {@link #NEWEST} answers, in this order. */
    private static final String COLUMNS =
            "newest(kind, paywire_id, client_reference, status, amount, currency, created_at)";

    /** One select per kind, each its newest :upTo rows of the client (V30's indexes), with the same columns. */
    private static final Map<Product, String> NEWEST = new EnumMap<>(Map.of(
            Product.PAYOUT, """
                    select 'PAYOUT', l.rail_reference, l.system_trace_audit_number, l.transaction_status::text,
                           l.amount, l.currency, o.created_at
                    from (select id, created_at from payment_orders where client_id = :client
                          order by created_at desc limit :upTo) o
                    join payout_lines l on l.order_id = o.id
                    order by o.created_at desc, l.line_number limit :upTo""",
            Product.PHONE_PROMPT, """
                    select 'PHONE_PROMPT', id::text, originator_conversation_id, status, amount,
                           coalesce(currency, 'KES'), created_at
                    from express_deposits where client_id = :client and checkout_id is null
                    order by created_at desc limit :upTo""",
            Product.CHECKOUT, """
                    select 'CHECKOUT', id::text, originator_conversation_id, status::text, total_amount, currency_name,
                           created_at
                    from checkout_orders where client_id = :client order by created_at desc limit :upTo""",
            Product.CARD, """
                    select 'CARD', authorisation_id, order_id, status, amount, currency, created_at
                    from card_transactions where client_id = :client and type = :authorisation
                    order by created_at desc limit :upTo""",
            Product.KYC, """
                    select 'KYC', id::text, system_trace_audit_number, status::text, null::numeric, null,
                           created_at
                    from kyc_requests where client_id = :client order by created_at desc limit :upTo""",
            Product.ACCOUNT_VALIDATION, """
                    select 'ACCOUNT_VALIDATION', id::text, system_trace_audit_number, status::text, null::numeric,
                           null, created_at
                    from account_validations where client_id = :client order by created_at desc limit :upTo""",
            Product.AIRTIME, """
                    select 'AIRTIME', p.id::text, p.originator_conversation_id, p.status,
                           (select sum(r.amount) from airtime_recipients r where r.purchase_id = p.id), 'KES',
                           p.created_at
                    from airtime_purchases p where p.client_id = :client order by p.created_at desc limit :upTo""",
            Product.BILL, """
                    select 'BILL', id::text, originator_conversation_id, status::text, amount, 'KES', created_at
                    from bill_payments where client_id = :client order by created_at desc limit :upTo""",
            Product.PAYBILL_DEPOSIT, """
                    select 'PAYBILL_DEPOSIT', id::text, client_reference, status, amount, 'KES', created_at
                    from paybill_deposits where client_id = :client order by created_at desc limit :upTo"""));

    private final JdbcClient jdbc;

    public RecentPayments(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The client's payments of these kinds, newest first, {@code limit} of them after the newest {@code offset}.
     * Payment orders and payment links are listed by their parts (lines, deposits), which carry the amounts.
     */
    public List<RecentPayment> newest(String clientId, Collection<Product> kinds, int offset, int limit) {
        String union = kinds.stream().filter(NEWEST::containsKey).distinct().sorted()
                .map(kind -> "select * from (" + NEWEST.get(kind) + ") " + COLUMNS)
                .collect(Collectors.joining("\nunion all\n"));
        if (union.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("select * from (" + union + ") payments order by created_at desc, paywire_id"
                        + " limit :limit offset :offset")
                .param("client", clientId).param("upTo", offset + limit).param("limit", limit).param("offset", offset)
                .param("authorisation", CardTransactionType.AUTHORISATION.name())
                .query(RecentPayments::payment).list();
    }

    private static RecentPayment payment(ResultSet rs, int row) throws SQLException {
        Product kind = Product.valueOf(rs.getString("kind"));
        return new RecentPayment(kind, rs.getString("paywire_id"), rs.getString("client_reference"),
                statusWords(kind, rs.getString("status")), rs.getBigDecimal("amount"), rs.getString("currency"),
                rs.getObject("created_at", OffsetDateTime.class));
    }

    /** The stored status (a number or a name, as each table keeps it) in words. */
    static String statusWords(Product kind, String stored) {
        return switch (kind) {
            case PAYOUT -> LineStatus.of(Integer.parseInt(stored)).description();
            case CHECKOUT -> CheckoutStatus.of(Integer.parseInt(stored)).description();
            case KYC, ACCOUNT_VALIDATION -> LookupStatus.of(Integer.parseInt(stored)).description();
            case BILL -> BillPaymentStatus.of(Integer.parseInt(stored)).description();
            case PHONE_PROMPT -> words(DepositStatus.valueOf(stored));
            case CARD -> words(CardTransactionStatus.valueOf(stored));
            case AIRTIME -> words(AirtimePurchaseStatus.valueOf(stored));
            case PAYBILL_DEPOSIT -> words(PaybillDepositStatus.valueOf(stored));
            case PAYMENT_ORDER, PAYMENT_LINK -> stored;
            case BILL_REMINDER, WEBHOOK, ACCOUNT_TRANSFER, SETTLEMENT ->
                    throw new IllegalArgumentException(kind + " is not listed: " + stored);
        };
    }

    /** PARTIALLY_COMPLETED as "Partially completed". */
    private static String words(Enum<?> status) {
        String name = status.name().toLowerCase(Locale.ROOT).replace('_', ' ');
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
