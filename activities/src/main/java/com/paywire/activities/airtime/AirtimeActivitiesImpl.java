package com.paywire.activities.airtime;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.activities.ActivityCollaborators;
import com.paywire.domain.airtime.AirtimeOutcomes;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.airtime.AirtimeRecipient;
import com.paywire.persistence.airtime.AirtimeStore;
import com.paywire.vocabulary.airtime.AirtimePurchase;
import com.paywire.vocabulary.airtime.AirtimePurchaseStatus;
import com.paywire.vocabulary.airtime.AirtimeRecipientStatus;
import com.paywire.vocabulary.lifecycle.Lifecycles;
import com.paywire.vocabulary.operations.PendingConfirmation;
import com.paywire.workflows.Policies;
import com.paywire.workflows.airtime.AirtimeActivities;
import com.paywire.workflows.airtime.TopUpOutcome;
import java.time.Clock;
import java.time.OffsetDateTime;
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

    private static final Logger log = LoggerFactory.getLogger(AirtimeActivitiesImpl.class);

    private final AirtimeStore purchases;
    private final MoneyEngine money;
    private final TransactionTemplate transaction;
    private final AirtimeOutcomes outcomes;
    private final Clock clock;

    public AirtimeActivitiesImpl(AirtimeStore purchases, AirtimeOutcomes outcomes, ActivityCollaborators with) {
        this.purchases = purchases;
        this.money = with.money();
        this.transaction = with.transaction();
        this.outcomes = outcomes;
        this.clock = with.clock();
    }

    @Override
    public boolean reserve(String recipientId) {
        return reported(() -> transaction.execute(tx -> {
            AirtimeRecipient recipient = purchases.lockRecipient(UUID.fromString(recipientId));
            // a retry: this step already ran to its end
            if (!Lifecycles.AIRTIME_RECIPIENT.canMove(recipient.status(), AirtimeRecipientStatus.PROCESSING)) {
                return !(recipient.status() == AirtimeRecipientStatus.FAILED
                        && TopUpOutcome.INSUFFICIENT_FUNDS.equals(recipient.resultCode()));
            }
            AirtimePurchase purchase = purchases.find(recipient.purchaseId())
                    .orElseThrow(() -> new InvariantViolationException("no airtime purchase " + recipient.purchaseId()));
            if (!money.hold(AirtimeOutcomes.movement(purchase, recipient),
                    "Airtime " + recipient.id() + " of purchase " + purchase.originatorConversationId())) {
                purchases.recordRecipientOutcome(recipient.id(), AirtimeRecipientStatus.FAILED,
                        TopUpOutcome.INSUFFICIENT_FUNDS, "Insufficient funds in the working account", null,
                        OffsetDateTime.now(clock));
                log.info("Airtime recipient {} of purchase {}: insufficient funds", recipient.id(),
                        purchase.originatorConversationId());
                return false;
            }
            purchases.setRecipientStatus(recipient.id(), AirtimeRecipientStatus.PROCESSING);
            return true;
        }));
    }

    @Override
    public void recordUnconfirmed(String recipientId, boolean referredToOperations) {
        reported(() -> {
            UUID id = UUID.fromString(recipientId);
            purchases.recordRecipientUnconfirmed(id, PendingConfirmation.CODE, referredToOperations
                    ? "Pending confirmation: the network has not said in " + Policies.RECONCILIATION_WINDOW.toHours()
                            + " hours whether it topped the number up; referred to Paywire operations, the funds stay"
                            + " held"
                    : "Pending confirmation: the network did not answer and has not yet said whether it topped the"
                            + " number up; the funds stay held",
                    OffsetDateTime.now(clock), referredToOperations);
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
        reported(() -> outcomes.closeRecipient(outcome));
    }

    @Override
    public AirtimePurchaseStatus finish(String purchaseId) {
        return reported(() -> outcomes.finish(UUID.fromString(purchaseId)));
    }
}
