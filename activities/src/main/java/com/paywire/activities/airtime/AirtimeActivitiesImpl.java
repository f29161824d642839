package com.paywire.activities.airtime;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.airtime.AirtimePurchaseRecord;
import com.paywire.domain.airtime.Networks;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.money.Movement;
import com.paywire.domain.money.Product;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.airtime.AirtimePurchase;
import com.paywire.persistence.airtime.AirtimeRecipient;
import com.paywire.persistence.airtime.AirtimeStore;
import com.paywire.workflows.Policies;
import com.paywire.workflows.airtime.AirtimeActivities;
import com.paywire.workflows.airtime.TopUpOutcome;
import com.paywire.workflows.notifications.EventCommand;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The ledger and read-model steps of an airtime purchase. Each is one database transaction that first locks the
 * row it changes and looks at its status, so a retry after a crash finds its own work and does nothing twice; the
 * ledger is idempotent on the recipient's key besides.
 */
@Component
public class AirtimeActivitiesImpl implements AirtimeActivities {

    /** The event type of an airtime purchase's result callback in the events store. */
    public static final String CALLBACK_EVENT = "airtime_purchase.result";
    private static final Logger log = LoggerFactory.getLogger(AirtimeActivitiesImpl.class);

    private final AirtimeStore purchases;
    private final MoneyEngine money;
    private final TransactionTemplate transaction;
    private final EventPublisher publisher;
    private final Clock clock;

    public AirtimeActivitiesImpl(AirtimeStore purchases, MoneyEngine money, TransactionTemplate transaction,
                                 EventPublisher publisher, Clock clock) {
        this.purchases = purchases;
        this.money = money;
        this.transaction = transaction;
        this.publisher = publisher;
        this.clock = clock;
    }

    @Override
    public boolean reserve(String recipientId) {
        return reported(() -> transaction.execute(tx -> {
            AirtimeRecipient recipient = purchases.lockRecipient(UUID.fromString(recipientId));
            if (!AirtimeRecipient.PENDING.equals(recipient.status())) { // a retry: this step already ran to its end
                return !(AirtimeRecipient.FAILED.equals(recipient.status())
                        && TopUpOutcome.INSUFFICIENT_FUNDS.equals(recipient.resultCode()));
            }
            AirtimePurchase purchase = purchases.find(recipient.purchaseId())
                    .orElseThrow(() -> new InvariantViolationException("no airtime purchase " + recipient.purchaseId()));
            if (!money.hold(movement(purchase, recipient),
                    "Airtime " + recipient.id() + " of purchase " + purchase.originatorConversationId())) {
                purchases.recordRecipientOutcome(recipient.id(), AirtimeRecipient.FAILED,
                        TopUpOutcome.INSUFFICIENT_FUNDS, "Insufficient funds in the working account", null,
                        OffsetDateTime.now(clock));
                log.info("Airtime recipient {} of purchase {}: insufficient funds", recipient.id(),
                        purchase.originatorConversationId());
                return false;
            }
            purchases.setRecipientStatus(recipient.id(), AirtimeRecipient.PROCESSING);
            return true;
        }));
    }

    @Override
    public void recordUnconfirmed(String recipientId, boolean referredToOperations) {
        reported(() -> {
            UUID id = UUID.fromString(recipientId);
            purchases.recordRecipientUnconfirmed(id, TopUpOutcome.INCONCLUSIVE, referredToOperations
                    ? "Pending confirmation: the network has not said in " + Policies.RECONCILIATION_WINDOW.toHours()
                            + " hours whether it topped the number up; referred to Paywire operations, the funds stay"
                            + " held"
                    : "Pending confirmation: the network did not answer and has not yet said whether it topped the"
                            + " number up; the funds stay held",
                    referredToOperations ? OffsetDateTime.now(clock) : null);
            if (!referredToOperations) {
                return;
            }
            AirtimeRecipient recipient = purchases.findRecipient(id).orElseThrow();
            AirtimePurchase purchase = purchases.find(recipient.purchaseId()).orElseThrow();
            log.error("Airtime recipient {} of purchase {} (client {}): the {} network never said what became of the"
                    + " top-up of {}; its funds stay held, referred to operations", id,
                    purchase.originatorConversationId(), purchase.clientId(), recipient.network(), recipient.amount());
        });
    }

    @Override
    public void closeRecipient(TopUpOutcome outcome) {
        reported(() -> transaction.executeWithoutResult(tx -> {
            AirtimeRecipient recipient = purchases.lockRecipient(UUID.fromString(outcome.recipientId()));
            if (recipient.isFinal()) {
                log.info("Airtime recipient {} already closed as {}; nothing to do", recipient.id(), recipient.status());
                return;
            }
            if (!AirtimeRecipient.PROCESSING.equals(recipient.status())) {
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
            purchases.recordRecipientOutcome(recipient.id(), outcome.toppedUp() ? AirtimeRecipient.COMPLETED
                            : AirtimeRecipient.FAILED, outcome.resultCode(), outcome.resultDesc(),
                    outcome.receiptNumber(), OffsetDateTime.now(clock));
        }));
    }

    @Override
    public String finish(String purchaseId) {
        return reported(() -> {
            UUID id = UUID.fromString(purchaseId);
            AirtimePurchase purchase = transaction.execute(tx -> {
                AirtimePurchase current = purchases.lock(id);
                if (!AirtimePurchase.PENDING.equals(current.status())) {
                    return current; // finished before: only the callback may be missing
                }
                List<AirtimeRecipient> recipients = purchases.recipients(id);
                if (recipients.stream().anyMatch(r -> !r.isFinal())) {
                    throw new InvariantViolationException("airtime purchase " + purchaseId
                            + " is finished while a recipient is not");
                }
                long done = recipients.stream().filter(r -> AirtimeRecipient.COMPLETED.equals(r.status())).count();
                String status = done == recipients.size() ? AirtimePurchase.COMPLETED
                        : done == 0 ? AirtimePurchase.FAILED : AirtimePurchase.PARTIALLY_COMPLETED;
                purchases.recordPurchaseOutcome(id, status, OffsetDateTime.now(clock));
                log.info("Airtime purchase {} of client {}: {} ({} of {} recipients topped up)",
                        current.originatorConversationId(), current.clientId(), status, done, recipients.size());
                return purchases.find(id).orElseThrow();
            });
            AirtimePurchaseRecord record = AirtimePurchaseRecord.of(purchase, purchases.recipients(id));
            publisher.publish(new EventCommand(eventId(purchaseId), purchase.clientId(), CALLBACK_EVENT,
                    "airtime-purchase:" + purchaseId, record.toJson(), purchase.callbackUrl(), clock.millis()));
            return purchase.status();
        });
    }

    /** The same purchase always gets the same event id, so publishing it again (a retry) is a no-op. */
    private static String eventId(String purchaseId) {
        return UUID.nameUUIDFromBytes((CALLBACK_EVENT + ":" + purchaseId).getBytes(StandardCharsets.UTF_8)).toString();
    }

    private static Movement movement(AirtimePurchase purchase, AirtimeRecipient recipient) {
        return new Movement(Product.AIRTIME, recipient.id().toString(), purchase.clientId(),
                Networks.Network.valueOf(recipient.network()).ledgerRail(), recipient.amount(), recipient.fee());
    }
}
