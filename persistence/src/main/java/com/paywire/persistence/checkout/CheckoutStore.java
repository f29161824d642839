package com.paywire.persistence.checkout;

import com.paywire.persistence.RequestTable;
import com.paywire.vocabulary.checkout.BillingDetails;
import com.paywire.vocabulary.checkout.CheckoutOrder;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.vocabulary.lifecycle.Lifecycles;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** Checkout orders and their lines: what the merchant asked, what the payer gave, and the outcome so far. */
@Repository
public class CheckoutStore extends RequestTable<CheckoutOrder> {

    public CheckoutStore(JdbcClient jdbc) {
        super(jdbc, "checkout_orders", "originator_conversation_id", "checkout order", CheckoutStore::order);
    }

    /**
     * Records a new order with its lines, in one transaction.
     *
     * @throws org.springframework.dao.DuplicateKeyException when the client already used the originatorConversationId
     */
    @Transactional
    public void insert(CheckoutOrder o, List<CheckoutLine> lines) {
        jdbc.sql("""
                insert into checkout_orders (id, system_conversation_id, client_id, originator_conversation_id,
                    checkout_reference, route_id, route_channel_type, preferred_payment_method, notes, currency_code,
                    currency_name, due_date, return_url, cancel_url, callback_url, account_no, total_amount,
                    fee_amount, status, status_desc, created_at, updated_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).params(o.id(), o.systemConversationId(), o.clientId(), o.originatorConversationId(),
                o.checkoutReference(), o.routeId(), o.routeChannelType(), name(o.preferredPaymentMethod()), o.notes(), o.currencyCode(),
                o.currencyName(), o.dueDate(), o.returnUrl(), o.cancelUrl(), o.callbackUrl(), o.accountNo(),
                o.totalAmount(), o.feeAmount(), o.status().code(), o.statusDesc(), o.createdAt(), o.createdAt()).update();
        for (CheckoutLine line : lines) {
            jdbc.sql("insert into checkout_order_lines (checkout_id, position, sku, name, price) values (?, ?, ?, ?, ?)")
                    .params(o.id(), line.position(), line.sku(), line.name(), line.price()).update();
        }
    }

    /**
     * The client's order paid by this card capture (its CaptureId the third party's reference), locked until the
     * caller's transaction ends, if it was paid ({@link CheckoutStatus#paid}).
     */
    public Optional<CheckoutOrder> lockPaidByCardCapture(String clientId, String captureId) {
        return jdbc.sql("""
                select * from checkout_orders
                where client_id = :client and payment_method = :card and third_party_reference = :capture
                  and status in (:paid)
                for update
                """).param("client", clientId).param("card", PaymentMethod.CARD.name()).param("capture", captureId)
                .param("paid", codes(CheckoutStatus::paid)).query(CheckoutStore::order).optional();
    }

    /** Changes the status alone, keeping the outcome (a paid order refunded: its payment stays as it was). */
    public void recordStatusOnly(UUID checkoutId, CheckoutStatus status, OffsetDateTime now) {
        jdbc.sql("update checkout_orders set status = ?, status_desc = ?, updated_at = ? where id = ?")
                .params(status.code(), status.description(), now, checkoutId).update();
    }

    public List<CheckoutLine> lines(UUID checkoutId) {
        return jdbc.sql("select * from checkout_order_lines where checkout_id = ? order by position").param(checkoutId)
                .query((rs, n) -> new CheckoutLine(rs.getInt("position"), rs.getString("sku"), rs.getString("name"),
                        rs.getBigDecimal("price")))
                .list();
    }

    /**
     * Takes an attempt to pay: records what the payer gave, counts the attempt and marks the order Processing by
     * that method, unless its lifecycle no longer lets it move there (it stopped being payable) or it fell due since
     * it was read, or has had its {@code maxAttempts}; the last attempt's outcome is cleared. Two attempts at once
     * cannot both be taken.
     *
     * @return whether the attempt was taken
     */
    public boolean startAttempt(UUID checkoutId, BillingDetails b, PaymentMethod paymentMethod, int maxAttempts,
                                OffsetDateTime now) {
        return jdbc.sql("""
                update checkout_orders set bill_to_first_name = :firstName, bill_to_last_name = :lastName,
                    bill_to_address1 = :address1, bill_to_locality = :locality,
                    bill_to_administrative_area = :administrativeArea, bill_to_postal_code = :postalCode,
                    bill_to_country = :country, bill_to_email = :email, bill_to_phone_number = :phoneNumber,
                    status = :processing, status_desc = :processingDesc, result_code = null, result_desc = null,
                    third_party_response_code = null, third_party_response_desc = null,
                    third_party_reference = null, payment_method = :method, attempts = attempts + 1,
                    updated_at = :now
                where id = :id and status in (:payable) and due_date > :now and attempts < :maxAttempts
                """)
                .param("firstName", b.firstName()).param("lastName", b.lastName()).param("address1", b.address1())
                .param("locality", b.locality()).param("administrativeArea", b.administrativeArea())
                .param("postalCode", b.postalCode()).param("country", b.country()).param("email", b.email())
                .param("phoneNumber", b.phoneNumber()).param("processing", CheckoutStatus.PROCESSING.code())
                .param("processingDesc", CheckoutStatus.PROCESSING.description()).param("method", paymentMethod.name())
                .param("now", now).param("id", checkoutId)
                .param("payable", codes(Lifecycles.CHECKOUT.from(CheckoutStatus.PROCESSING)::contains))
                .param("maxAttempts", maxAttempts)
                .update() == 1;
    }

    /** Undoes {@link #startAttempt} when the attempt could not be handed on: the order as it was, the attempt uncounted. */
    @Transactional
    public void putBack(CheckoutOrder before, OffsetDateTime now) {
        recordStatus(before.id(), before.status(), before.statusDesc(), before.outcome(), before.paymentMethod(), now);
        jdbc.sql("update checkout_orders set attempts = attempts - 1 where id = ?").param(before.id()).update();
    }

    /**
     * Records a status change and its outcome.
     *
     * @param paymentMethod the method of the attempt that made the change, or null to keep the one recorded
     */
    public void recordStatus(UUID checkoutId, CheckoutStatus status, String statusDesc, CheckoutOrder.Outcome outcome,
                             PaymentMethod paymentMethod, OffsetDateTime now) {
        jdbc.sql("""
                update checkout_orders set status = ?, status_desc = ?, result_code = ?, result_desc = ?,
                    third_party_response_code = ?, third_party_response_desc = ?, third_party_reference = ?,
                    payment_method = coalesce(?, payment_method), updated_at = ?
                where id = ?
                """).params(status.code(), statusDesc, outcome.resultCode(), outcome.resultDesc(),
                outcome.thirdPartyResponseCode(), outcome.thirdPartyResponseDesc(), outcome.thirdPartyReference(),
                name(paymentMethod), now, checkoutId).update();
    }

    private static CheckoutOrder order(ResultSet rs, int row) throws SQLException {
        return new CheckoutOrder(rs.getObject("id", UUID.class), rs.getObject("system_conversation_id", UUID.class),
                rs.getString("client_id"), rs.getString("originator_conversation_id"),
                rs.getString("checkout_reference"), rs.getObject("route_id", UUID.class),
                rs.getInt("route_channel_type"), method(rs.getString("preferred_payment_method")), rs.getString("notes"), rs.getInt("currency_code"),
                rs.getString("currency_name"), rs.getObject("due_date", OffsetDateTime.class),
                rs.getString("return_url"), rs.getString("cancel_url"), rs.getString("callback_url"),
                rs.getString("account_no"), rs.getBigDecimal("total_amount"), rs.getBigDecimal("fee_amount"),
                CheckoutStatus.of(rs.getInt("status")), rs.getString("status_desc"),
                new CheckoutOrder.Outcome(rs.getString("result_code"), rs.getString("result_desc"),
                        rs.getString("third_party_response_code"), rs.getString("third_party_response_desc"),
                        rs.getString("third_party_reference")),
                method(rs.getString("payment_method")),
                new BillingDetails(rs.getString("bill_to_first_name"), rs.getString("bill_to_last_name"),
                        rs.getString("bill_to_address1"), rs.getString("bill_to_locality"),
                        rs.getString("bill_to_administrative_area"), rs.getString("bill_to_postal_code"),
                        rs.getString("bill_to_country"), rs.getString("bill_to_email"),
                        rs.getString("bill_to_phone_number")),
                rs.getInt("attempts"), rs.getBoolean("workflow_started"), rs.getObject("created_at", OffsetDateTime.class),
                rs.getObject("updated_at", OffsetDateTime.class));
    }

    /** The codes of the statuses that pass the test, for a status list in SQL. */
    private static List<Integer> codes(Predicate<CheckoutStatus> which) {
        return Arrays.stream(CheckoutStatus.values()).filter(which).map(CheckoutStatus::code).toList();
    }

    private static PaymentMethod method(String name) {
        return name == null ? null : PaymentMethod.valueOf(name);
    }

    private static String name(PaymentMethod method) {
        return method == null ? null : method.name();
    }
}
