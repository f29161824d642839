package com.paywire.domain.airtime;

import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.airtime.AirtimeRecipient;
import com.paywire.persistence.airtime.AirtimeStore;
import com.paywire.vocabulary.airtime.AirtimePurchase;
import com.paywire.vocabulary.airtime.AirtimePurchaseStatus;
import com.paywire.vocabulary.airtime.AirtimeRecipientStatus;
import com.paywire.vocabulary.lifecycle.Lifecycles;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Settlement;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.workflows.airtime.TopUpOutcome;
import com.paywire.workflows.notifications.EventCommand;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * How an airtime recipient and its purchase end, whoever decides it: the workflow's activities with the network's
 * answer, or an operator's resolution. Each step locks the row it changes and looks at its status first, so doing
 * it again (a retry, or the workflow after the operator) changes nothing.
 */
@Service
public class AirtimeOutcomes {

    private static final Logger log = LoggerFactory.getLogger(AirtimeOutcomes.class);

    private final AirtimeStore purchases;
    private final MoneyEngine money;
    private final TransactionTemplate transaction;
    private final EventPublisher publisher;
    private final Clock clock;
    private final PaymentJournal journal;

    public AirtimeOutcomes(AirtimeStore purchases, MoneyEngine money, TransactionTemplate transaction,
                           EventPublisher publisher, Clock clock, PaymentJournal journal) {
        this.purchases = purchases;
        this.money = money;
        this.transaction = transaction;
        this.publisher = publisher;
        this.clock = clock;
        this.journal = journal;
    }

    /**
     * Posts (a top-up done) or releases (any other outcome) the recipient's hold, and records the outcome; in the
     * caller's transaction when there is one.
     */
    public void closeRecipient(TopUpOutcome outcome) {
        transaction.executeWithoutResult(tx -> {
            AirtimeRecipient recipient = purchases.lockRecipient(UUID.fromString(outcome.recipientId()));
            if (recipient.isFinal()) {
                log.info("Airtime recipient {} already closed as {}; nothing to do", recipient.id(), recipient.status());
                return;
            }
            if (recipient.status() != AirtimeRecipientStatus.PROCESSING) {
                throw new InvariantViolationException("airtime recipient " + recipient.id() + " is closed while "
                        + recipient.status() + ": nothing is held for it");
            }
            AirtimePurchase purchase = purchases.find(recipient.purchaseId())
                    .orElseThrow(() -> new InvariantViolationException("no airtime purchase " + recipient.purchaseId()));
            if (outcome.toppedUp()) {
                money.settle(movement(purchase, recipient));
            } else {
                money.release(movement(purchase, recipient));
            }
            purchases.recordRecipientOutcome(recipient.id(), outcome.toppedUp() ? AirtimeRecipientStatus.COMPLETED
                            : AirtimeRecipientStatus.FAILED, outcome.resultCode(), outcome.resultDesc(),
                    outcome.receiptNumber(), OffsetDateTime.now(clock));
        });
    }

    /**
     * Records the purchase's final status from its recipients' and publishes the status record to the client's
     * callback URL (once: the event's id follows from the purchase).
     *
     * @return the purchase's final status
     */
    public AirtimePurchaseStatus finish(UUID purchaseId) {
        AirtimePurchase purchase = transaction.execute(tx -> {
            AirtimePurchase current = purchases.lock(purchaseId);
            if (Lifecycles.AIRTIME_PURCHASE.isTerminal(current.status())) {
                return current; // finished before: only the callback may be missing
            }
            List<AirtimeRecipient> recipients = purchases.recipients(purchaseId);
            if (recipients.stream().anyMatch(r -> !r.isFinal())) {
                throw new InvariantViolationException("airtime purchase " + purchaseId
                        + " is finished while a recipient is not");
            }
            long done = recipients.stream().filter(r -> r.status() == AirtimeRecipientStatus.COMPLETED).count();
            AirtimePurchaseStatus status = done == recipients.size() ? AirtimePurchaseStatus.COMPLETED
                    : done == 0 ? AirtimePurchaseStatus.FAILED : AirtimePurchaseStatus.PARTIALLY_COMPLETED;
            purchases.recordPurchaseOutcome(purchaseId, status, OffsetDateTime.now(clock));
            journal.finished(PaymentJournal.Payment.of(current), switch (status) {
                case COMPLETED -> PaymentJournal.Outcome.COMPLETED;
                case PARTIALLY_COMPLETED -> PaymentJournal.Outcome.PARTLY_COMPLETED;
                default -> PaymentJournal.Outcome.FAILED;
            }, current.createdAt(), done + " of " + recipients.size() + " recipients topped up");
            return purchases.find(purchaseId).orElseThrow();
        });
        AirtimePurchaseRecord record = AirtimePurchaseRecord.of(purchase, purchases.recipients(purchaseId));
        publisher.publish(new EventCommand(eventId(purchaseId), purchase.clientId(),
                EventType.AIRTIME_PURCHASE_RESULT.wireName(), Product.AIRTIME.eventKey(purchaseId.toString()),
                record.toJson(), purchase.callbackUrl(), clock.millis()));
        return purchase.status();
    }

    /** The same purchase always gets the same event id, so publishing it again (a retry) is a no-op. */
    private static String eventId(UUID purchaseId) {
        return UUID.nameUUIDFromBytes((EventType.AIRTIME_PURCHASE_RESULT.wireName() + ":" + purchaseId)
                .getBytes(StandardCharsets.UTF_8)).toString();
    }

    public static Movement movement(AirtimePurchase purchase, AirtimeRecipient recipient) {
        return new Movement(Product.AIRTIME, recipient.id().toString(), purchase.clientId(),
                Settlement.airtime(recipient.network()), recipient.amount(), recipient.fee());
    }
}
