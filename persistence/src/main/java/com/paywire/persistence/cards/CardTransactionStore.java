package com.paywire.persistence.cards;

import com.paywire.vocabulary.cards.CardTransaction;
import com.paywire.vocabulary.cards.CardTransactionPage;
import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.cards.CardTransactionType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class CardTransactionStore {

    private final JdbcClient jdbc;

    public CardTransactionStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Inserts or, for the same id, replaces the transaction (a retried activity writes the same row again). */
    public void save(CardTransaction t) {
        jdbc.sql("""
                insert into card_transactions (id, client_id, type, status, authorisation_id, parent_id, order_id,
                    request_id, amount, currency, network, last_four, expiry_month, expiry_year,
                    processor_transaction_id, response_code, avs_code, cvn_code, error_code, error_message,
                    fraud_screen_id, authentication_id, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (id) do update set status = excluded.status,
                    processor_transaction_id = excluded.processor_transaction_id,
                    response_code = excluded.response_code, avs_code = excluded.avs_code, cvn_code = excluded.cvn_code,
                    error_code = excluded.error_code, error_message = excluded.error_message, updated_at = now()
                """).params(t.id(), t.clientId(), t.type().name(), t.status().name(), t.authorisationId(), t.parentId(), t.orderId(),
                t.requestId(), t.amount(), t.currency(), t.network(), t.lastFour(), t.expiryMonth(), t.expiryYear(),
                t.processorTransactionId(), t.responseCode(), t.avsCode(), t.cvnCode(), t.errorCode(),
                t.errorMessage(), t.fraudScreenId(), t.authenticationId(), t.createdAt()).update();
    }

    public void setStatus(String id, CardTransactionStatus status) {
        jdbc.sql("update card_transactions set status = ?, updated_at = now() where id = ?").params(status.name(), id)
                .update();
    }

    /**
     * Refers a capture or refund whose outcome the processor never told to operators: it shows in their queue until
     * decided. The first referral's times are kept.
     */
    public void refer(String id, OffsetDateTime unconfirmedSince, OffsetDateTime referredAt) {
        jdbc.sql("""
                update card_transactions set unconfirmed_since = coalesce(unconfirmed_since, ?),
                    referred_at = coalesce(referred_at, ?), updated_at = now()
                where id = ?
                """).params(unconfirmedSince, referredAt, id).update();
    }

    /** Any client's transaction, for Paywire's operators. */
    public Optional<CardTransaction> find(String id) {
        return jdbc.sql("select * from card_transactions where id = ?").param(id)
                .query(CardTransactionStore::transaction).optional();
    }

    public Optional<CardTransaction> find(String clientId, String id) {
        return jdbc.sql("select * from card_transactions where client_id = ? and id = ?").params(clientId, id)
                .query(CardTransactionStore::transaction).optional();
    }

    /** The capture the processor knows by this id, whatever client's it is (a processor's dispute names it so). */
    public Optional<CardTransaction> findCaptureByProcessorId(String processorTransactionId) {
        return jdbc.sql("select * from card_transactions where type = 'CAPTURE' and processor_transaction_id = ?")
                .param(processorTransactionId).query(CardTransactionStore::transaction).optional();
    }

    public Optional<CardTransaction> findByRequest(String clientId, CardTransactionType type, String requestId) {
        return jdbc.sql("select * from card_transactions where client_id = ? and type = ? and request_id = ?")
                .params(clientId, type.name(), requestId).query(CardTransactionStore::transaction).optional();
    }

    public List<CardTransaction> related(String authorisationId) {
        return jdbc.sql("select * from card_transactions where authorisation_id = ? order by created_at, id")
                .param(authorisationId).query(CardTransactionStore::transaction).list();
    }

    public CardTransactionPage search(String clientId, String orderId, String status, String type, OffsetDateTime from,
                       OffsetDateTime to, int page, int pageSize) {
        String where = """
                where client_id = :client
                  and (cast(:order as text) is null or order_id = :order)
                  and (cast(:status as text) is null or status = :status)
                  and (cast(:type as text) is null or type = :type)
                  and (cast(:from as timestamptz) is null or created_at >= :from)
                  and (cast(:to as timestamptz) is null or created_at < :to)
                """;
        var total = jdbc.sql("select count(*) from card_transactions " + where)
                .param("client", clientId).param("order", orderId).param("status", status).param("type", type)
                .param("from", from).param("to", to).query(Integer.class).single();
        var rows = jdbc.sql("select * from card_transactions " + where + " order by created_at desc, id limit :limit offset :offset")
                .param("client", clientId).param("order", orderId).param("status", status).param("type", type)
                .param("from", from).param("to", to).param("limit", pageSize).param("offset", (page - 1) * pageSize)
                .query(CardTransactionStore::transaction).list();
        return new CardTransactionPage(rows, total);
    }

    private static CardTransaction transaction(ResultSet rs, int row) throws SQLException {
        return new CardTransaction(rs.getString("id"), rs.getString("client_id"),
                CardTransactionType.valueOf(rs.getString("type")), CardTransactionStatus.valueOf(rs.getString("status")),
                rs.getString("authorisation_id"), rs.getString("parent_id"),
                rs.getString("order_id"), rs.getString("request_id"), rs.getBigDecimal("amount"),
                rs.getString("currency"), rs.getString("network"), rs.getString("last_four"),
                rs.getString("expiry_month"), rs.getString("expiry_year"), rs.getString("processor_transaction_id"),
                rs.getString("response_code"), rs.getString("avs_code"), rs.getString("cvn_code"),
                rs.getString("error_code"), rs.getString("error_message"), rs.getString("fraud_screen_id"),
                rs.getString("authentication_id"), rs.getObject("created_at", OffsetDateTime.class));
    }
}
