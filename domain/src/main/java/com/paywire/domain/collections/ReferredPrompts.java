package com.paywire.domain.collections;

import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.rails.mobilemoney.RailTime;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.collections.PromptResult;
import java.time.Clock;
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
                && ledger.holdState(PromptMoney.of(locked).key()).filter(TransferState.PENDING::equals).isPresent();
    }

    /**
     * Applies an operator's word to a deposit {@link #undecided}, in the caller's transaction, under its lock.
     *
     * @return the result the client is called back with ({@link #callBack}), or null when there is none (not paid)
     */
    public PromptResult resolve(Deposit locked, OperatorResolution resolution) {
        Movement movement = PromptMoney.of(locked);
        if (!resolution.paid()) {
            money.release(movement);
            return null;
        }
        String transactionDate = RailTime.now(clock);
        PromptResult paid = new PromptResult(locked.id().toString(), PromptResult.State.ANSWERED, PromptResult.SUCCESS,
                resolution.description() + " (after the prompt window)", resolution.reference(), transactionDate);
        deposits.recordLateSuccess(locked.id(), paid.resultCode(), paid.resultDesc(), paid.receiptNumber(),
                RailTime.parse(transactionDate));
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
        publisher.publish(StkCallbackBody.lateResult(deposit, paid, paid.transactionDate(), clock.millis()));
    }

}
