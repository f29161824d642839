package com.paywire.persistence.paybacks;

import com.paywire.vocabulary.paybacks.CollectionReversal;
import com.paywire.vocabulary.paybacks.CollectionType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** What clients asked to reverse (V51 {@code collection_reversals}); each row's status is its pay-back's. */
@Repository
public class CollectionReversalStore {

    private final JdbcClient jdbc;

    public CollectionReversalStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Inserts it; a second reversal under the client's same OriginatorConversationId violates the unique key. */
    public void insert(CollectionReversal r) {
        jdbc.sql("""
                insert into collection_reversals (id, client_id, originator_conversation_id, collection_type,
                    collection_id, payment_id, collection_key, amount, fee, currency, reason, requested_by, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).params(r.id(), r.clientId(), r.originatorConversationId(), r.collectionType().name(),
                r.collectionId(), r.paymentId(), r.collectionKey(), r.amount(), r.fee(), r.currency(), r.reason(),
                r.requestedBy(), r.createdAt()).update();
    }

    public Optional<CollectionReversal> find(UUID id) {
        return jdbc.sql("select * from collection_reversals where id = ?").param(id)
                .query(CollectionReversalStore::reversal).optional();
    }

    public Optional<CollectionReversal> find(String clientId, String originatorConversationId) {
        return jdbc.sql("select * from collection_reversals where client_id = ? and originator_conversation_id = ?")
                .params(clientId, originatorConversationId).query(CollectionReversalStore::reversal).optional();
    }

    /** The newest reversal asked of the deposit, if any. */
    public Optional<CollectionReversal> latestOf(UUID paymentId) {
        return jdbc.sql("select * from collection_reversals where payment_id = ? order by created_at desc, id limit 1")
                .param(paymentId).query(CollectionReversalStore::reversal).optional();
    }

    /** Every client's reversals, newest first, at most {@code limit}. */
    public List<CollectionReversal> newest(int limit) {
        return jdbc.sql("select * from collection_reversals order by created_at desc, id limit ?").param(limit)
                .query(CollectionReversalStore::reversal).list();
    }

    /** The rail's final answer: its code and words, shown by the status queries. */
    public void recordResult(UUID id, String code, String description) {
        jdbc.sql("update collection_reversals set result_code = ?, result_desc = ? where id = ?")
                .params(code, description, id).update();
    }

    /** The rail's code and words of its final answer, null until it gave one. */
    public record Result(String code, String description) {
    }

    public Result result(UUID id) {
        return jdbc.sql("select result_code, result_desc from collection_reversals where id = ?").param(id)
                .query((rs, n) -> new Result(rs.getString("result_code"), rs.getString("result_desc"))).single();
    }

    private static CollectionReversal reversal(ResultSet rs, int row) throws SQLException {
        return new CollectionReversal(rs.getObject("id", UUID.class), rs.getString("client_id"),
                rs.getString("originator_conversation_id"), CollectionType.valueOf(rs.getString("collection_type")),
                rs.getString("collection_id"), rs.getObject("payment_id", UUID.class), rs.getString("collection_key"),
                rs.getBigDecimal("amount"), rs.getBigDecimal("fee"), rs.getString("currency"), rs.getString("reason"),
                rs.getString("requested_by"), rs.getObject("created_at", OffsetDateTime.class));
    }
}
