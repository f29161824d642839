package com.paywire.activities.bills;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.bills.BillPaymentRecord;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.bills.BillPayment;
import com.paywire.persistence.bills.BillPaymentStore;
import com.paywire.persistence.bills.BillService;
import com.paywire.persistence.bills.BillServiceStore;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.money.Movement;
import com.paywire.domain.money.Product;
import com.paywire.workflows.Policies;
import com.paywire.workflows.bills.BillPaymentActivities;
import com.paywire.workflows.bills.BillerAnswer;
import com.paywire.workflows.notifications.EventCommand;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

@Component
public class BillPaymentActivitiesImpl implements BillPaymentActivities {

    /** The event type of a bill payment's result callback in the events store. */
    public static final String CALLBACK_EVENT = "bill_payment.result";
    /** The ledger's mirror of money paid out to billers. */
    static final String BILLER_RAIL = "BILLER";
    private static final Logger log = LoggerFactory.getLogger(BillPaymentActivitiesImpl.class);

    private final BillPaymentStore payments;
    private final BillServiceStore services;
    private final MoneyEngine money;
    private final EventPublisher publisher;
    private final TransactionTemplate transaction;
    private final Clock clock;

    public BillPaymentActivitiesImpl(BillPaymentStore payments, BillServiceStore services, MoneyEngine money,
                                     EventPublisher publisher, TransactionTemplate transaction, Clock clock) {
        this.payments = payments;
        this.services = services;
        this.money = money;
        this.publisher = publisher;
        this.transaction = transaction;
        this.clock = clock;
    }

    @Override
    public boolean reserve(String paymentId) {
        return reported(() -> transaction.execute(tx -> {
            BillPayment payment = payments.lock(UUID.fromString(paymentId));
            return money.hold(movement(payment), "Bill payment " + payment.originatorConversationId());
        }));
    }

    @Override
    public void markProcessing(String paymentId) {
        reported(() -> payments.markProcessing(UUID.fromString(paymentId)));
    }

    @Override
    public void recordUnconfirmed(String paymentId, boolean referredToOperations) {
        reported(() -> {
            UUID id = UUID.fromString(paymentId);
            if (referredToOperations) {
                payments.recordUnconfirmed(id, BillerAnswer.INCONCLUSIVE, "Pending confirmation: the biller has not"
                        + " confirmed the payment in " + Policies.RECONCILIATION_WINDOW.toHours() + " more hours;"
                        + " referred to Paywire operations, the funds stay held", OffsetDateTime.now(clock));
                BillPayment payment = payments.find(id).orElseThrow();
                log.error("Bill payment {} (client {}): the biller never confirmed the payment of {}; its"
                        + " funds stay held, referred to operations", payment.originatorConversationId(),
                        payment.clientId(), payment.amount());
            } else {
                payments.recordUnconfirmed(id, BillerAnswer.INCONCLUSIVE, "Pending confirmation: the biller has not"
                        + " yet confirmed the payment; the funds stay held", null);
            }
        });
    }

    @Override
    public void close(String paymentId, BillerAnswer outcome, boolean reserved) {
        reported(() -> {
            UUID id = UUID.fromString(paymentId);
            BillPayment payment = transaction.execute(tx -> {
                BillPayment current = payments.lock(id);
                if (current.status() != BillPayment.PENDING && current.status() != BillPayment.PROCESSING) {
                    return current; // closed before: only the callback may be missing
                }
                boolean paid = outcome.state() == BillerAnswer.State.PAID;
                if (reserved && paid) {
                    money.settle(movement(current));
                } else if (reserved) {
                    money.release(movement(current));
                }
                int status = paid ? BillPayment.COMPLETED
                        : outcome.state() == BillerAnswer.State.PENDING ? BillPayment.TIMED_OUT : BillPayment.FAILED;
                payments.recordOutcome(id, status, outcome.statusCode(), outcome.statusDescription(),
                        outcome.receiptNumber(), paid ? OffsetDateTime.now(clock) : null);
                log.info("Bill payment {} of client {}: status {}, code {}", current.originatorConversationId(),
                        current.clientId(), status, outcome.statusCode());
                return payments.find(id).orElseThrow();
            });
            if (payment.callbackUrl() != null) {
                publisher.publish(new EventCommand(paymentId, payment.clientId(), CALLBACK_EVENT, "bill:" + paymentId,
                        BillPaymentRecord.of(payment, service(payment)).toJson(), payment.callbackUrl(),
                        clock.millis()));
            }
        });
    }

    private BillService service(BillPayment payment) {
        return services.find(payment.serviceId())
                .orElseThrow(() -> new InvariantViolationException("no bill service " + payment.serviceId()));
    }

    private static Movement movement(BillPayment payment) {
        return new Movement(Product.BILL, payment.id().toString(), payment.clientId(), BILLER_RAIL, payment.amount(),
                payment.fee());
    }
}
