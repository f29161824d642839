package com.paywire.activities.bills;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.activities.ActivityCollaborators;
import com.paywire.domain.bills.BillPaymentOutcomes;
import com.paywire.vocabulary.bills.BillPayment;
import com.paywire.persistence.bills.BillPaymentStore;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.vocabulary.operations.PendingConfirmation;
import com.paywire.workflows.Policies;
import com.paywire.workflows.bills.BillPaymentActivities;
import com.paywire.workflows.bills.BillerAnswer;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

@Component
public class BillPaymentActivitiesImpl implements BillPaymentActivities {

    private static final Logger log = LoggerFactory.getLogger(BillPaymentActivitiesImpl.class);

    private final BillPaymentStore payments;
    private final MoneyEngine money;
    private final BillPaymentOutcomes outcomes;
    private final TransactionTemplate transaction;
    private final Clock clock;

    public BillPaymentActivitiesImpl(BillPaymentStore payments, BillPaymentOutcomes outcomes,
                                     ActivityCollaborators with) {
        this.payments = payments;
        this.money = with.money();
        this.outcomes = outcomes;
        this.transaction = with.transaction();
        this.clock = with.clock();
    }

    @Override
    public boolean reserve(String paymentId) {
        return reported(() -> transaction.execute(tx -> {
            BillPayment payment = payments.lock(UUID.fromString(paymentId));
            return money.hold(BillPaymentOutcomes.movement(payment), "Bill payment " + payment.originatorConversationId());
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
                payments.recordUnconfirmed(id, PendingConfirmation.CODE, "Pending confirmation: the biller has not"
                        + " confirmed the payment in " + Policies.RECONCILIATION_WINDOW.toHours() + " more hours;"
                        + " referred to Paywire operations, the funds stay held", OffsetDateTime.now(clock), true);
                BillPayment payment = payments.find(id).orElseThrow();
                log.error("Bill payment {} (client {}): the biller never confirmed the payment of {}; its"
                        + " funds stay held, referred to operations", payment.originatorConversationId(),
                        payment.clientId(), payment.amount());
            } else {
                payments.recordUnconfirmed(id, PendingConfirmation.CODE, "Pending confirmation: the biller has not"
                        + " yet confirmed the payment; the funds stay held", OffsetDateTime.now(clock), false);
            }
        });
    }

    @Override
    public void close(String paymentId, BillerAnswer outcome, boolean reserved) {
        reported(() -> outcomes.close(UUID.fromString(paymentId), outcome, reserved));
    }
}
