package com.paywire.persistence.timeline;

import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.timeline.PaymentMatch;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Which payments an id names, whoever gave it: the client's own ids (originatorConversationId,
 * systemTraceAuditNumber, a card RequestId) or Paywire's (a row's UUID, a payout line's rail reference, a card
 * transaction id, a paybill deposit's receipt). A paybill deposit held in suspense names no client: no lookup,
 * not even an operator's across clients, finds it (operators list those on their own). A client's id is unique only among that client's requests of one kind, so an id may name
 * several payments: of several kinds, or, looked up across clients, of several clients.
 */
@Repository
public class PaymentIdentifiers {


    /** Each id column is compared as the id's own type: a UUID column only with an id that reads as one. */
    private static final String LOOKUP = """
            select 'PAYMENT_ORDER' as kind, client_id, id::text as paywire_id,
                   originator_conversation_id as client_reference, null as part_of
            from payment_orders
            where (id = cast(:uuid as uuid) or originator_conversation_id = :id) and %1$s
            union all
            select 'PAYOUT', client_id, rail_reference, system_trace_audit_number, order_id::text
            from payout_lines
            where (id = cast(:uuid as uuid) or rail_reference = :id or system_trace_audit_number = :id) and %1$s
            union all
            select 'PHONE_PROMPT', client_id, id::text, originator_conversation_id,
                   coalesce(checkout_id::text, payment_link_id::text)
            from express_deposits
            where (id = cast(:uuid as uuid) or originator_conversation_id = :id) and %1$s
            union all
            select 'PAYMENT_LINK', client_id, id::text, null, null
            from payment_links
            where id = cast(:uuid as uuid) and %1$s
            union all
            select 'CHECKOUT', client_id, id::text, originator_conversation_id, null
            from checkout_orders
            where (id = cast(:uuid as uuid) or system_conversation_id = cast(:uuid as uuid)
                   or originator_conversation_id = :id) and %1$s
            union all
            select 'CARD', client_id, authorisation_id, min(order_id), null
            from card_transactions
            where (id = :id or authorisation_id = :id or request_id = :id or order_id = :id) and %1$s
            group by client_id, authorisation_id
            union all
            select 'KYC', client_id, id::text, system_trace_audit_number, null
            from kyc_requests
            where (id = cast(:uuid as uuid) or system_trace_audit_number = :id) and %1$s
            union all
            select 'ACCOUNT_VALIDATION', client_id, id::text, system_trace_audit_number, null
            from account_validations
            where (id = cast(:uuid as uuid) or system_trace_audit_number = :id) and %1$s
            union all
            select 'AIRTIME', client_id, id::text, originator_conversation_id, null
            from airtime_purchases
            where (id = cast(:uuid as uuid) or originator_conversation_id = :id
                   or id in (select purchase_id from airtime_recipients where id = cast(:uuid as uuid))) and %1$s
            union all
            select 'BILL', client_id, id::text, originator_conversation_id, null
            from bill_payments
            where (id = cast(:uuid as uuid) or originator_conversation_id = :id) and %1$s
            union all
            select 'PAYBILL_DEPOSIT', client_id, id::text, client_reference, null
            from paybill_deposits
            where (id = cast(:uuid as uuid) or receipt_number = :id or client_reference = :id)
              and client_id is not null and %1$s
            """;

    /**
     * The payments a rail's receipt or reference names: a mobile-money or biller receipt, a payout's tracking number,
     * a checkout's third-party reference, a card processor's transaction id. Read row by row of the client's.
     */
    private static final String BY_RECEIPT = """
            select 'PAYOUT' as kind, client_id, rail_reference as paywire_id,
                   system_trace_audit_number as client_reference, order_id::text as part_of
            from payout_lines
            where client_id = :client
              and (tracking_number = :id or third_party_payload ->> 'thirdPartyReceiptNumber' = :id)
            union all
            select 'PHONE_PROMPT', client_id, id::text, originator_conversation_id,
                   coalesce(checkout_id::text, payment_link_id::text)
            from express_deposits
            where client_id = :client and receipt_number = :id
            union all
            select 'CHECKOUT', client_id, id::text, originator_conversation_id, null
            from checkout_orders
            where client_id = :client and third_party_reference = :id
            union all
            select 'CARD', client_id, authorisation_id, min(order_id), null
            from card_transactions
            where client_id = :client and processor_transaction_id = :id
            group by client_id, authorisation_id
            union all
            select 'AIRTIME', p.client_id, p.id::text, p.originator_conversation_id, null
            from airtime_purchases p join airtime_recipients r on r.purchase_id = p.id
            where p.client_id = :client and r.receipt_number = :id
            union all
            select 'BILL', client_id, id::text, originator_conversation_id, null
            from bill_payments
            where client_id = :client and receipt_number = :id
            """;

    private final JdbcClient jdbc;

    public PaymentIdentifiers(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The payments this id names among one client's. */
    public List<PaymentMatch> find(String id, String clientId) {
        return jdbc.sql(LOOKUP.formatted("client_id = :client")).param("id", id).param("uuid", uuid(id).orElse(null))
                .param("client", clientId).query(PaymentIdentifiers::match).list();
    }

    /** The payments this id names among every client's (Paywire's operators). */
    public List<PaymentMatch> findAcrossClients(String id) {
        return jdbc.sql(LOOKUP.formatted("true")).param("id", id).param("uuid", uuid(id).orElse(null))
                .query(PaymentIdentifiers::match).list();
    }

    /** The payments of one client's that a rail's receipt or reference names (see {@link #BY_RECEIPT}). */
    public List<PaymentMatch> findByReceipt(String receipt, String clientId) {
        return jdbc.sql(BY_RECEIPT).param("id", receipt).param("client", clientId).query(PaymentIdentifiers::match)
                .list();
    }

    private static PaymentMatch match(ResultSet rs, int row) throws SQLException {
        return new PaymentMatch(Product.valueOf(rs.getString("kind")), rs.getString("client_id"),
                rs.getString("paywire_id"), rs.getString("client_reference"), rs.getString("part_of"));
    }

    private static Optional<UUID> uuid(String id) {
        try {
            UUID parsed = UUID.fromString(id);
            // UUID.fromString also takes short groups ("1-2-3-4-5"): only the canonical form is Paywire's
            return parsed.toString().equalsIgnoreCase(id) ? Optional.of(parsed) : Optional.empty();
        } catch (IllegalArgumentException notOne) {
            return Optional.empty();
        }
    }
}
