package com.paywire.domain.collections;

import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.money.Movement;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.notifications.WebhookEvents;
import com.paywire.persistence.collections.Deposit;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.ledger.Product;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.payouts.Rail;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Phone prompts referred to operators: closed with their outcome unknown, their credit held under
 * {@code deposit:{id}}, and not decided by the rail in the reconciliation window (DepositActivities.referUnconfirmed);
 * a checkout's attempt is referred as it ends, its money held for its order. An operator's word is applied as the rail's late word would be: paid,
 * the held credit is posted and the deposit recorded Completed, confirmed late, with the operator's reference as its
 * receipt, and the client called back with it as after a late success; not paid, the held credit is released and
 * the deposit stays as it closed (1037). The workflow ended when it referred the deposit: there is none to tell.
 */
@Component
public class ReferredPrompts {

    private static final DateTimeFormatter RAIL_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");
    /** The rail reports local (East Africa) time, and the deposit records it so. */
    private static final ZoneId RAIL_ZONE = ZoneId.of("Africa/Nairobi");

    private final DepositStore deposits;
    private final MoneyEngine money;
    private final Ledger ledger;
    private final EventPublisher publisher;
    private final Clock clock;
    private final LatePrompts latePrompts;

    public ReferredPrompts(DepositStore deposits, MoneyEngine money, Ledger ledger, EventPublisher publisher,
                           Clock clock, LatePrompts latePrompts) {
        this.latePrompts = latePrompts;
        this.deposits = deposits;
        this.money = money;
        this.ledger = ledger;
        this.publisher = publisher;
        this.clock = clock;
    }

    /**
     * Whether the deposit, locked by the caller, is referred and undecided: not paid, and its held credit (or, for
     * a checkout's attempt, its money held for the order) still pending.
     */
    public boolean undecided(Deposit locked) {
        return deposits.isReferred(locked.id()) && locked.status() != DepositStatus.COMPLETED
                && ledger.holdState(key(locked)).filter(TransferState.PENDING::equals).isPresent();
    }

    /**
     * Applies an operator's word to a deposit {@link #undecided}, in the caller's transaction, under its lock.
     *
     * @return the result the client is called back with ({@link #callBack}), or null when there is none (not paid)
     */
    public PromptResult resolve(Deposit locked, OperatorResolution resolution) {
        Movement movement = movement(locked);
        if (!resolution.paid()) {
            money.release(movement);
            return null;
        }
        String transactionDate = LocalDateTime.now(clock.withZone(RAIL_ZONE)).format(RAIL_TIME);
        PromptResult paid = new PromptResult(locked.id().toString(), PromptResult.State.ANSWERED, PromptResult.SUCCESS,
                resolution.description() + " (after the prompt window)", resolution.reference(), transactionDate);
        LocalDateTime local = LocalDateTime.parse(transactionDate, RAIL_TIME);
        deposits.recordLateSuccess(locked.id(), paid.resultCode(), paid.resultDesc(), paid.receiptNumber(),
                OffsetDateTime.of(local, RAIL_ZONE.getRules().getOffset(local)));
        money.settle(movement);
        return paid;
    }

    /**
     * After the transaction: the client hears the final result, as after a late success (the same event id: a late
     * success and an operator's word are one final result). A checkout's attempt is its order's to take or owe
     * back: the late-prompt workflow takes it there ({@link LatePrompts#reconcile}, which finds the deposit
     * recorded and its hold posted), and the order calls the merchant back.
     */
    public void callBack(UUID depositId, PromptResult paid) {
        Deposit deposit = deposits.find(depositId).orElseThrow();
        if (paid != null && deposits.checkoutOf(depositId).isPresent()) {
            latePrompts.reconcile(deposit, paid);
            return;
        }
        if (paid == null || deposit.callbackUrl() == null) {
            return;
        }
        String eventId = UUID.nameUUIDFromBytes(("deposit:" + depositId + ":late").getBytes(StandardCharsets.UTF_8))
                .toString();
        publisher.publish(new EventCommand(eventId, deposit.clientId(), WebhookEvents.EXPRESS_DEPOSIT_RESULT,
                "deposit:" + depositId, StkCallbackBody.of(deposit, paid, paid.transactionDate()),
                deposit.callbackUrl(), clock.millis()));
    }

    private static String key(Deposit deposit) {
        return Product.PHONE_PROMPT.key(deposit.id().toString());
    }

    /** The movement DepositActivitiesImpl holds a phone prompt's credit under. */
    private static Movement movement(Deposit deposit) {
        return new Movement(Product.PHONE_PROMPT, deposit.id().toString(), deposit.clientId(),
                Rail.MOBILE_MONEY.name(), deposit.amount(), BigDecimal.ZERO);
    }
}
