package com.paywire.persistence.collections;

import com.paywire.persistence.RequestTable;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class DepositStore extends RequestTable<Deposit> {

    public DepositStore(JdbcClient jdbc) {
        super(jdbc, "express_deposits", "originator_conversation_id", "express deposit",
                DepositStore::deposit);
    }

    /** @throws org.springframework.dao.DuplicateKeyException when the client already used the originatorConversationId */
    public void insert(Deposit d) {
        jdbc.sql(INSERT + " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, false)")
                .params(columns(d, null)).update();
    }

    /**
     * Records a mobile-money attempt at a checkout order as a deposit of its own, unless the client's
     * originatorConversationId (the attempt's id) is taken already: a retry finds the first one. The checkout's
     * workflow runs the deposit as its child, so the deposit counts as started and the outbox leaves it alone.
     *
     * @return the deposit recorded under the client's originatorConversationId, this one or the earlier
     */
    public Deposit insertForCheckout(Deposit d, UUID checkoutId) {
        jdbc.sql(INSERT + " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, true)"
                        + " on conflict (client_id, originator_conversation_id) do nothing")
                .params(columns(d, checkoutId)).update();
        return find(d.clientId(), d.originatorConversationId()).orElseThrow();
    }

    /** The checkout order the deposit is an attempt at, if it is one. */
    public Optional<UUID> checkoutOf(UUID depositId) {
        return jdbc.sql("select checkout_id from express_deposits where id = ?").param(depositId)
                .query((rs, n) -> rs.getObject("checkout_id", UUID.class)).optional().flatMap(Optional::ofNullable);
    }

    private static final String INSERT = """
            insert into express_deposits (id, client_id, originator_conversation_id, short_code, account_no, amount,
                phone_number, transaction_desc, callback_url, collection_type, success_redirect_url,
                failed_redirect_url, service_code, currency, first_name, last_name, mccmnc, payment_link_id, status,
                created_at, checkout_id, workflow_started)""";

    private static Object[] columns(Deposit d, UUID checkoutId) {
        return new Object[] {d.id(), d.clientId(), d.originatorConversationId(), d.shortCode(), d.accountNo(),
                d.amount(), d.phoneNumber(), d.transactionDesc(), d.callbackUrl(), d.collectionType(),
                d.successRedirectUrl(), d.failedRedirectUrl(), d.serviceCode(), d.currency(), d.firstName(),
                d.lastName(), d.mccmnc(), d.paymentLinkId(), d.status().name(), d.createdAt(), checkoutId};
    }

    public List<Deposit> ofLink(UUID paymentLinkId) {
        return jdbc.sql("select * from express_deposits where payment_link_id = ? order by created_at desc")
                .param(paymentLinkId).query(DepositStore::deposit).list();
    }

    /** The mobile-money attempts at a checkout order, oldest first. */
    public List<Deposit> ofCheckout(UUID checkoutId) {
        return jdbc.sql("select * from express_deposits where checkout_id = ? order by created_at")
                .param(checkoutId).query(DepositStore::deposit).list();
    }

    public void recordPrompt(UUID id, String merchantRequestId, String checkoutRequestId) {
        jdbc.sql("update express_deposits set merchant_request_id = ?, checkout_request_id = ? where id = ?")
                .params(merchantRequestId, checkoutRequestId, id).update();
    }

    public void recordOutcome(UUID id, DepositStatus status, String resultCode, String resultDesc, String receiptNumber,
                              OffsetDateTime transactionDate) {
        jdbc.sql("""
                update express_deposits set status = ?, result_code = ?, result_desc = ?, receipt_number = ?,
                    transaction_date = ? where id = ?
                """).params(status.name(), resultCode, resultDesc, receiptNumber, transactionDate, id).update();
    }

    /** A success the rail reported after the prompt's window, recorded as the deposit's outcome and marked late. */
    public void recordLateSuccess(UUID id, String resultCode, String resultDesc, String receiptNumber,
                                  OffsetDateTime transactionDate) {
        jdbc.sql("""
                update express_deposits set status = ?, result_code = ?, result_desc = ?, receipt_number = ?,
                    transaction_date = ?, confirmed_late_at = coalesce(confirmed_late_at, now()) where id = ?
                """).params(DepositStatus.COMPLETED.name(), resultCode, resultDesc, receiptNumber, transactionDate, id)
                .update();
    }

    /** Whether the deposit's success was recorded after its prompt's window ({@link #recordLateSuccess}). */
    public boolean confirmedLate(UUID id) {
        return jdbc.sql("select confirmed_late_at is not null from express_deposits where id = ?").param(id)
                .query(Boolean.class).optional().orElse(false);
    }

    /**
     * Refers a deposit closed with its outcome unknown, its credit still held, to operators: since when its outcome
     * has been unknown, and now. A repeated referral keeps the first times.
     */
    public void refer(UUID id, OffsetDateTime unconfirmedSince, OffsetDateTime referredAt) {
        jdbc.sql("""
                update express_deposits set unconfirmed_since = coalesce(unconfirmed_since, ?),
                    referred_at = coalesce(referred_at, ?) where id = ?
                """).params(unconfirmedSince, referredAt, id).update();
    }

    /** Whether the deposit was referred to operators ({@link #refer}). */
    public boolean isReferred(UUID id) {
        return jdbc.sql("select referred_at is not null from express_deposits where id = ?").param(id)
                .query(Boolean.class).optional().orElse(false);
    }

    private static Deposit deposit(ResultSet rs, int row) throws SQLException {
        return new Deposit(rs.getObject("id", UUID.class), rs.getString("client_id"),
                rs.getString("originator_conversation_id"), rs.getString("short_code"), rs.getString("account_no"),
                rs.getBigDecimal("amount"), rs.getString("phone_number"), rs.getString("transaction_desc"),
                rs.getString("callback_url"), (Integer) rs.getObject("collection_type"),
                rs.getString("success_redirect_url"), rs.getString("failed_redirect_url"), rs.getString("service_code"),
                rs.getString("currency"), rs.getString("first_name"), rs.getString("last_name"), rs.getString("mccmnc"),
                rs.getObject("payment_link_id", UUID.class), rs.getString("merchant_request_id"),
                rs.getString("checkout_request_id"), DepositStatus.valueOf(rs.getString("status")),
                rs.getString("result_code"),
                rs.getString("result_desc"), rs.getString("receipt_number"),
                rs.getObject("transaction_date", OffsetDateTime.class), rs.getBoolean("workflow_started"),
                rs.getObject("created_at", OffsetDateTime.class));
    }
}
