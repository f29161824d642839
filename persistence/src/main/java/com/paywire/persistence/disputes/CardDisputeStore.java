package com.paywire.persistence.disputes;

import com.paywire.vocabulary.cards.CardDispute;
import com.paywire.vocabulary.cards.DisputeEvidence;
import com.paywire.vocabulary.cards.DisputeStatus;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Card disputes (V50): one row per processor dispute id. */
@Repository
public class CardDisputeStore {

    private final JdbcClient jdbc;

    public CardDisputeStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Records the dispute unless its processor id is recorded already; true when this call recorded it. */
    public boolean insertIfAbsent(CardDispute d) {
        return jdbc.sql("""
                insert into card_disputes (id, processor_dispute_id, client_id, capture_id, authorisation_id, amount,
                    currency, fee, reason, status, evidence_due_by, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict do nothing
                """).params(d.id(), d.processorDisputeId(), d.clientId(), d.captureId(), d.authorisationId(),
                d.amount(), d.currency(), d.fee(), d.reason(), d.status().name(), d.evidenceDueBy(), d.createdAt())
                .update() == 1;
    }

    public Optional<CardDispute> find(String id) {
        return jdbc.sql("select * from card_disputes where id = ?").param(id).query(CardDisputeStore::dispute)
                .optional();
    }

    public Optional<CardDispute> find(String clientId, String id) {
        return jdbc.sql("select * from card_disputes where client_id = ? and id = ?").params(clientId, id)
                .query(CardDisputeStore::dispute).optional();
    }

    public Optional<CardDispute> findByProcessorId(String processorDisputeId) {
        return jdbc.sql("select * from card_disputes where processor_dispute_id = ?").param(processorDisputeId)
                .query(CardDisputeStore::dispute).optional();
    }

    /** The client's disputes, newest first. */
    public List<CardDispute> list(String clientId, int limit) {
        return jdbc.sql("select * from card_disputes where client_id = ? order by created_at desc, id limit ?")
                .params(clientId, limit).query(CardDisputeStore::dispute).list();
    }

    /** Whether a dispute of this capture stands in the way of refunding it (any but one the merchant won). */
    public boolean blocksRefund(String clientId, String captureId) {
        return jdbc.sql("""
                select count(*) from card_disputes where client_id = ? and capture_id = ? and status <> ?
                """).params(clientId, captureId, DisputeStatus.WON.name()).query(Long.class).single() > 0;
    }

    /** What refunds of this capture took back or hold: every refund but a failed one. */
    public BigDecimal refunded(String captureId) {
        return jdbc.sql("""
                select coalesce(sum(amount), 0) from card_transactions
                where parent_id = ? and type = 'REFUND' and status <> 'REFUND_FAILED'
                """).param(captureId).query(BigDecimal.class).single();
    }

    /** The evidence sent to the processor: the dispute is UNDER_REVIEW, unless decided meanwhile. */
    public void evidenceSent(String id, DisputeEvidence evidence, OffsetDateTime at) {
        jdbc.sql("""
                update card_disputes set evidence_explanation = ?, evidence_product_description = ?,
                    evidence_customer_name = ?, evidence_document_reference = ?, evidence_submitted_at = ?,
                    status = case when status = 'NEEDS_RESPONSE' then 'UNDER_REVIEW' else status end, updated_at = now()
                where id = ?
                """).params(evidence.explanation(), evidence.productDescription(), evidence.customerName(),
                evidence.documentReference(), at, id).update();
    }

    /** Decides the dispute once: a decided one keeps its first decision. True when this call decided it. */
    public boolean decide(String id, DisputeStatus status, boolean accepted, OffsetDateTime at) {
        return jdbc.sql("""
                update card_disputes set status = ?, accepted = ?, decided_at = ?, updated_at = now()
                where id = ? and status in ('NEEDS_RESPONSE', 'UNDER_REVIEW')
                """).params(status.name(), accepted, at, id).update() == 1;
    }

    private static CardDispute dispute(ResultSet rs, int row) throws SQLException {
        DisputeEvidence evidence = rs.getObject("evidence_submitted_at") == null ? null : new DisputeEvidence(
                rs.getString("evidence_explanation"), rs.getString("evidence_product_description"),
                rs.getString("evidence_customer_name"), rs.getString("evidence_document_reference"));
        return new CardDispute(rs.getString("id"), rs.getString("processor_dispute_id"), rs.getString("client_id"),
                rs.getString("capture_id"), rs.getString("authorisation_id"), rs.getBigDecimal("amount"),
                rs.getString("currency"), rs.getBigDecimal("fee"), rs.getString("reason"),
                DisputeStatus.valueOf(rs.getString("status")), rs.getBoolean("accepted"),
                rs.getObject("evidence_due_by", OffsetDateTime.class), evidence,
                rs.getObject("evidence_submitted_at", OffsetDateTime.class),
                rs.getObject("decided_at", OffsetDateTime.class), rs.getObject("created_at", OffsetDateTime.class));
    }
}
