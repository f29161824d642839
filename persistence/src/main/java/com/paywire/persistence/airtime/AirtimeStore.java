package com.paywire.persistence.airtime;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.RequestTable;
import com.paywire.vocabulary.airtime.AirtimePurchase;
import com.paywire.vocabulary.airtime.AirtimePurchaseStatus;
import com.paywire.vocabulary.airtime.AirtimeRecipientStatus;
import com.paywire.vocabulary.networks.MobileNetwork;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** Airtime purchases and their recipients: the read model of the status query and the callback. */
@Repository
public class AirtimeStore extends RequestTable<AirtimePurchase> {

    public AirtimeStore(JdbcClient jdbc) {
        super(jdbc, "airtime_purchases", "originator_conversation_id", "airtime purchase", AirtimeStore::purchase);
    }

    /**
     * Records the purchase and its recipients together.
     *
     * @throws org.springframework.dao.DuplicateKeyException when the client already used the originatorConversationId
     */
    @Transactional
    public void insert(AirtimePurchase p, List<AirtimeRecipient> recipients) {
        jdbc.sql("""
                insert into airtime_purchases (id, client_id, originator_conversation_id, callback_url, status, created_at)
                values (?, ?, ?, ?, ?, ?)
                """).params(p.id(), p.clientId(), p.originatorConversationId(), p.callbackUrl(), p.status().name(),
                p.createdAt()).update();
        for (AirtimeRecipient r : recipients) {
            jdbc.sql("""
                    insert into airtime_recipients (id, purchase_id, position, phone_number, network, name, currency,
                        amount, fee, transaction_type_id, status)
                    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """).params(r.id(), p.id(), r.position(), r.phoneNumber(), r.network().name(), r.name(),
                    r.currency(), r.amount(), r.fee(), r.transactionTypeId(), r.status().name()).update();
        }
    }

    /** The purchase's recipients in the order of the request. */
    public List<AirtimeRecipient> recipients(UUID purchaseId) {
        return jdbc.sql("select * from airtime_recipients where purchase_id = ? order by position").param(purchaseId)
                .query(AirtimeStore::recipient).list();
    }

    public Optional<AirtimeRecipient> findRecipient(UUID id) {
        return jdbc.sql("select * from airtime_recipients where id = ?").param(id).query(AirtimeStore::recipient)
                .optional();
    }

    /** The recipient, locked until the caller's transaction ends. */
    public AirtimeRecipient lockRecipient(UUID id) {
        return jdbc.sql("select * from airtime_recipients where id = ? for update").param(id)
                .query(AirtimeStore::recipient).optional()
                .orElseThrow(() -> new InvariantViolationException("no airtime recipient " + id));
    }

    public void setRecipientStatus(UUID id, AirtimeRecipientStatus status) {
        jdbc.sql("update airtime_recipients set status = ? where id = ?").params(status.name(), id).update();
    }

    public void recordRecipientOutcome(UUID id, AirtimeRecipientStatus status, String resultCode, String resultDesc,
                                       String receiptNumber, OffsetDateTime completedAt) {
        jdbc.sql("""
                update airtime_recipients set status = ?, result_code = ?, result_desc = ?, receipt_number = ?,
                    completed_at = ? where id = ?
                """).params(status.name(), resultCode, resultDesc, receiptNumber, completedAt, id).update();
    }

    /**
     * A top-up whose outcome the network has not given: the recipient stays PROCESSING, its funds held, with the
     * code and description that say so, pending confirmation since the first time {@code at}; referred at
     * {@code at} once it is left to operations.
     */
    public void recordRecipientUnconfirmed(UUID id, String resultCode, String resultDesc, OffsetDateTime at,
                                           boolean referred) {
        jdbc.sql("""
                update airtime_recipients set result_code = ?, result_desc = ?, referred_at = ?,
                    unconfirmed_since = coalesce(unconfirmed_since, ?)
                where id = ? and status = ?
                """).params(resultCode, resultDesc, referred ? at : null, at, id, AirtimeRecipientStatus.PROCESSING.name())
                .update();
    }

    /** Whether the recipient was referred to operations: its network is no longer asked. */
    public boolean isReferred(UUID id) {
        return jdbc.sql("select referred_at is not null from airtime_recipients where id = ?").param(id)
                .query(Boolean.class).single();
    }

    public void recordPurchaseOutcome(UUID id, AirtimePurchaseStatus status, OffsetDateTime completedAt) {
        jdbc.sql("update airtime_purchases set status = ?, completed_at = ? where id = ?")
                .params(status.name(), completedAt, id).update();
    }

    private static AirtimePurchase purchase(ResultSet rs, int row) throws SQLException {
        return new AirtimePurchase(rs.getObject("id", UUID.class), rs.getString("client_id"),
                rs.getString("originator_conversation_id"), rs.getString("callback_url"),
                AirtimePurchaseStatus.valueOf(rs.getString("status")),
                rs.getObject("completed_at", OffsetDateTime.class), rs.getBoolean("workflow_started"),
                rs.getObject("created_at", OffsetDateTime.class));
    }

    private static AirtimeRecipient recipient(ResultSet rs, int row) throws SQLException {
        return new AirtimeRecipient(rs.getObject("id", UUID.class), rs.getObject("purchase_id", UUID.class),
                rs.getInt("position"), rs.getString("phone_number"), MobileNetwork.valueOf(rs.getString("network")),
                rs.getString("name"), rs.getString("currency"), rs.getBigDecimal("amount"), rs.getBigDecimal("fee"),
                rs.getInt("transaction_type_id"), AirtimeRecipientStatus.valueOf(rs.getString("status")), rs.getString("result_code"),
                rs.getString("result_desc"), rs.getString("receipt_number"),
                rs.getObject("completed_at", OffsetDateTime.class));
    }
}
