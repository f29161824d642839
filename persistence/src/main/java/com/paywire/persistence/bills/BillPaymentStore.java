package com.paywire.persistence.bills;

import com.paywire.persistence.RequestTable;
import com.paywire.vocabulary.bills.BillPayment;
import com.paywire.vocabulary.bills.BillPaymentStatus;
import com.paywire.vocabulary.lifecycle.Lifecycles;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class BillPaymentStore extends RequestTable<BillPayment> {

    public BillPaymentStore(JdbcClient jdbc) {
        super(jdbc, "bill_payments", "originator_conversation_id", "bill payment",
                BillPaymentStore::payment);
    }

    /** @throws org.springframework.dao.DuplicateKeyException when the client already used the originatorConversationId */
    public void insert(BillPayment p) {
        jdbc.sql("""
                insert into bill_payments (id, client_id, originator_conversation_id, service_id, account_number,
                    msisdn, amount, fee, customer_names, narration, callback_url, status, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).params(p.id(), p.clientId(), p.originatorConversationId(), p.serviceId(), p.accountNumber(),
                p.msisdn(), p.amount(), p.fee(), p.customerNames(), p.narration(), p.callbackUrl(), p.status().code(),
                p.createdAt()).update();
    }

    /** What the biller said of the account before paying. */
    public void recordAccount(UUID id, String accountCustomerName, BigDecimal dueAmount, OffsetDateTime dueDate) {
        jdbc.sql("update bill_payments set account_customer_name = ?, due_amount = ?, due_date = ? where id = ?")
                .params(accountCustomerName, dueAmount, dueDate, id).update();
    }

    /** With the biller: moves the payment to Processing unless it has moved on (a retry). */
    public void markProcessing(UUID id) {
        jdbc.sql("update bill_payments set status = :processing where id = :id and status in (:from)")
                .param("processing", BillPaymentStatus.PROCESSING.code()).param("id", id)
                .param("from", Lifecycles.BILL_PAYMENT.from(BillPaymentStatus.PROCESSING).stream()
                        .map(BillPaymentStatus::code).toList())
                .update();
    }

    public void recordOutcome(UUID id, BillPaymentStatus status, String statusCode, String statusDescription, String receiptNumber,
                              OffsetDateTime datePaymentReceived) {
        jdbc.sql("""
                update bill_payments set status = ?, status_code = ?, status_description = ?, receipt_number = ?,
                    date_payment_received = ? where id = ?
                """).params(status.code(), statusCode, statusDescription, receiptNumber, datePaymentReceived, id).update();
    }

    /**
     * A payment the biller has not confirmed: it stays Processing, its funds held, with the code and description
     * that say so, pending confirmation since the first time {@code at}; referred at {@code at} once it is left to
     * operations.
     */
    public void recordUnconfirmed(UUID id, String statusCode, String statusDescription, OffsetDateTime at,
                                  boolean referred) {
        jdbc.sql("""
                update bill_payments set status_code = ?, status_description = ?, referred_at = ?,
                    unconfirmed_since = coalesce(unconfirmed_since, ?)
                where id = ? and status = ?
                """).params(statusCode, statusDescription, referred ? at : null, at, id,
                BillPaymentStatus.PROCESSING.code()).update();
    }

    /** Whether the payment was referred to operations: the biller is no longer asked. */
    public boolean isReferred(UUID id) {
        return jdbc.sql("select referred_at is not null from bill_payments where id = ?").param(id)
                .query(Boolean.class).single();
    }

    private static BillPayment payment(ResultSet rs, int row) throws SQLException {
        return new BillPayment(rs.getObject("id", UUID.class), rs.getString("client_id"),
                rs.getString("originator_conversation_id"), rs.getObject("service_id", UUID.class),
                rs.getString("account_number"), rs.getString("msisdn"), rs.getBigDecimal("amount"),
                rs.getBigDecimal("fee"), rs.getString("customer_names"), rs.getString("narration"),
                rs.getString("callback_url"), BillPaymentStatus.of(rs.getInt("status")), rs.getString("status_code"),
                rs.getString("status_description"), rs.getString("account_customer_name"),
                rs.getBigDecimal("due_amount"), rs.getObject("due_date", OffsetDateTime.class),
                rs.getString("receipt_number"), rs.getObject("date_payment_received", OffsetDateTime.class),
                rs.getBoolean("workflow_started"), rs.getObject("created_at", OffsetDateTime.class));
    }
}
