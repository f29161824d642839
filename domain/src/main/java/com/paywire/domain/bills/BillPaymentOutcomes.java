package com.paywire.domain.bills;

import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.vocabulary.bills.BillPayment;
import com.paywire.persistence.bills.BillPaymentStore;
import com.paywire.persistence.bills.BillServiceStore;
import com.paywire.vocabulary.bills.BillPaymentStatus;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.workflows.bills.BillerAnswer;
import com.paywire.workflows.notifications.EventCommand;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * How a bill payment ends, whoever decides it: the workflow's activity with the biller's answer, or an operator's
 * resolution. The payment's row is locked and its status looked at first, so closing it again (a retry, or the
 * workflow after the operator) changes nothing and only sends the same callback event again, which is a no-op.
 */
@Service
public class BillPaymentOutcomes {

    private final BillPaymentStore payments;
    private final BillServiceStore services;
    private final MoneyEngine money;
    private final EventPublisher publisher;
    private final TransactionTemplate transaction;
    private final Clock clock;
    private final PaymentJournal journal;

    public BillPaymentOutcomes(BillPaymentStore payments, BillServiceStore services, MoneyEngine money,
                               EventPublisher publisher, TransactionTemplate transaction, Clock clock,
                               PaymentJournal journal) {
        this.payments = payments;
        this.services = services;
        this.money = money;
        this.publisher = publisher;
        this.transaction = transaction;
        this.clock = clock;
        this.journal = journal;
    }

    /** Records the outcome and calls the client back: {@link #record}, then {@link #callBack}. */
    public void close(UUID id, BillerAnswer outcome, boolean reserved) {
        callBack(transaction.execute(tx -> record(id, outcome, reserved)));
    }

    /**
     * Posts the reservation (PAID) or releases it (anything else) and records the outcome, once; in the caller's
     * transaction when there is one.
     *
     * @param reserved whether funds were held (nothing to release otherwise)
     * @return the payment as it now stands
     */
    public BillPayment record(UUID id, BillerAnswer outcome, boolean reserved) {
        return transaction.execute(tx -> {
            BillPayment current = payments.lock(id);
            if (current.status().isFinal()) {
                return current; // closed before: only the callback may be missing
            }
            boolean paid = outcome.state() == BillerAnswer.State.PAID;
            if (reserved && paid) {
                money.settle(movement(current));
            } else if (reserved) {
                money.release(movement(current));
            }
            BillPaymentStatus status = outcome.paymentStatus();
            payments.recordOutcome(id, status, outcome.statusCode(), outcome.statusDescription(),
                    outcome.receiptNumber(), paid ? OffsetDateTime.now(clock) : null);
            journal.finished(PaymentJournal.Payment.of(current), paid ? PaymentJournal.Outcome.COMPLETED
                    : PaymentJournal.Outcome.FAILED, current.createdAt(), "status " + status.code() + " (" + status
                    + "), the biller's code " + outcome.statusCode());
            return payments.find(id).orElseThrow();
        });
    }

    /** Publishes the payment's record to its callback URL, if it has one (once: the event's id is the payment's). */
    public void callBack(BillPayment payment) {
        if (payment.callbackUrl() != null) {
            String paymentId = payment.id().toString();
            publisher.publish(new EventCommand(paymentId, payment.clientId(), EventType.BILL_PAYMENT_RESULT.wireName(),
                    Product.BILL.eventKey(paymentId),
                    BillPaymentRecord.of(payment, services.find(payment.serviceId()).orElseThrow(
                            () -> new InvariantViolationException("no bill service " + payment.serviceId())))
                            .toJson(), payment.callbackUrl(), clock.millis()));
        }
    }

    public static Movement movement(BillPayment payment) {
        return new Movement(Product.BILL, payment.id().toString(), payment.clientId(), Rail.BILLER, payment.amount(),
                payment.fee());
    }
}
