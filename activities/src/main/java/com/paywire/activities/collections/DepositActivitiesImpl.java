package com.paywire.activities.collections;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.activities.ActivityCollaborators;
import com.paywire.domain.collections.PromptMoney;
import com.paywire.domain.collections.StkCallbackBody;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.domain.rails.mobilemoney.RailTime;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.checkout.CheckoutStore;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.vocabulary.checkout.CheckoutOrder;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rules.money.MoneyRules;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.collections.DepositActivities;
import com.paywire.workflows.collections.LateSuccess;
import com.paywire.workflows.collections.PromptAcknowledgement;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.notifications.EventCommand;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

@Component
public class DepositActivitiesImpl implements DepositActivities {

    private static final Logger log = LoggerFactory.getLogger(DepositActivitiesImpl.class);

    private final DepositStore deposits;
    private final CheckoutStore checkouts;
    private final MoneyEngine money;
    private final EventPublisher publisher;
    private final TransactionTemplate transaction;
    private final Clock clock;
    private final PaymentJournal journal;

    public DepositActivitiesImpl(DepositStore deposits, CheckoutStore checkouts, ActivityCollaborators with) {
        this.deposits = deposits;
        this.checkouts = checkouts;
        this.money = with.money();
        this.publisher = with.publisher();
        this.transaction = with.transaction();
        this.clock = with.clock();
        this.journal = with.journal();
    }

    @Override
    public boolean holdPrompt(String depositId) {
        return reported(() -> {
            UUID id = UUID.fromString(depositId);
            // a checkout's attempt: the order credits its payment (checkout:{orderId}), so the money waits for it
            boolean forCheckout = deposits.checkoutOf(id).isPresent();
            return transaction.execute(tx -> {
                Deposit current = deposits.lock(id);
                if (current.status() != DepositStatus.PENDING) {
                    return money.wasHeld(PromptMoney.of(current)); // closed before (a retry after it): nothing to hold now
                }
                if (forCheckout) {
                    money.holdForCheckout(PromptMoney.of(current), description(current) + " for a checkout");
                } else {
                    money.holdCollection(PromptMoney.of(current), description(current));
                }
                return true;
            });
        });
    }

    @Override
    public void releaseUnconfirmed(String depositId, PromptResult result) {
        reported(() -> transaction.executeWithoutResult(tx -> {
            Deposit current = deposits.lock(UUID.fromString(depositId));
            Movement movement = PromptMoney.of(current);
            if (current.status() == DepositStatus.COMPLETED || !money.wasHeld(movement)
                    || money.wasReleased(movement)) {
                return; // paid meanwhile (its hold posted), never held, or released before
            }
            money.release(movement);
            log.info("Express deposit {} of client {}: the rail's late word {} {} releases its held credit",
                    current.originatorConversationId(), current.clientId(), result.resultCode(), result.resultDesc());
        }));
    }

    @Override
    public void referUnconfirmed(String depositId, long unconfirmedSinceMillis) {
        reported(() -> transaction.executeWithoutResult(tx -> {
            UUID id = UUID.fromString(depositId);
            Deposit current = deposits.lock(id);
            Movement movement = PromptMoney.of(current);
            if (current.status() == DepositStatus.COMPLETED || !money.wasHeld(movement) || money.wasReleased(movement)) {
                return; // paid meanwhile (its hold posted), never held, or released: nothing waits
            }
            deposits.refer(id, OffsetDateTime.ofInstant(Instant.ofEpochMilli(unconfirmedSinceMillis), ZoneOffset.UTC),
                    OffsetDateTime.now(clock));
            log.warn("Express deposit {} of client {}: no word from the rail in the reconciliation window; referred to"
                    + " operations with its credit held", current.originatorConversationId(), current.clientId());
        }));
    }

    @Override
    public void recordPrompt(String depositId, PromptAcknowledgement acknowledgement) {
        reported(() -> deposits.recordPrompt(UUID.fromString(depositId), acknowledgement.merchantRequestId(),
                acknowledgement.checkoutRequestId()));
    }

    @Override
    public void closeDeposit(String depositId, PromptResult result) {
        reported(() -> close(depositId, result));
    }

    @Override
    public LateSuccess closeLateSuccess(String depositId, PromptResult result) {
        return reported(() -> closeLate(depositId, result));
    }

    private void close(String depositId, PromptResult result) {
        UUID id = UUID.fromString(depositId);
        String transactionDate = transactionDate(result);
        // an attempt at a checkout order: the checkout credits its client and calls it back, once, for the order
        boolean forCheckout = deposits.checkoutOf(id).isPresent();
        Deposit deposit = transaction.execute(tx -> {
            Deposit current = deposits.lock(id);
            if (current.status() != DepositStatus.PENDING) {
                return current; // closed before: only the callback may be missing
            }
            DepositStatus status = PromptResult.depositStatus(result.resultCode());
            deposits.recordOutcome(id, status, result.resultCode(), result.resultDesc(), result.receiptNumber(),
                    RailTime.parse(transactionDate));
            if (status == DepositStatus.COMPLETED && forCheckout) {
                settleForCheckout(current);
            } else if (status == DepositStatus.COMPLETED) {
                collect(current);
            } else if (!result.outcomeUnknown() && money.wasHeld(PromptMoney.of(current))) {
                // a definite failure releases the credit held while the prompt was out; an unknown outcome keeps it
                money.release(PromptMoney.of(current));
            }
            if (forCheckout) { // the checkout order is the payment: its attempt is a step of it
                log.info("Phone prompt {} of checkout attempt: {} {}", current.originatorConversationId(),
                        result.resultCode(), result.resultDesc());
            } else {
                journal.finished(PaymentJournal.Payment.of(current), status == DepositStatus.COMPLETED
                                ? PaymentJournal.Outcome.COMPLETED : PaymentJournal.Outcome.FAILED, current.createdAt(),
                        status.name().toLowerCase(Locale.ROOT) + ", the rail said " + result.resultCode()
                                + " " + result.resultDesc());
            }
            return deposits.find(id).orElseThrow();
        });
        if (deposit.callbackUrl() != null && !forCheckout) {
            publisher.publish(new EventCommand(depositId, deposit.clientId(), EventType.EXPRESS_DEPOSIT_RESULT.wireName(),
                    Product.PHONE_PROMPT.eventKey(depositId),
                    StkCallbackBody.of(deposit, result, transactionDate), deposit.callbackUrl(), clock.millis()));
        }
    }

    private LateSuccess closeLate(String depositId, PromptResult result) {
        if (!result.paid()) {
            throw new InvariantViolationException("only a success is closed late; deposit " + depositId);
        }
        UUID id = UUID.fromString(depositId);
        PromptResult late = result.confirmedLate();
        String transactionDate = transactionDate(late);
        Optional<CheckoutOrder> checkout = deposits.checkoutOf(id).map(checkoutId -> checkouts.find(checkoutId)
                .orElseThrow(() -> new InvariantViolationException("no checkout order " + checkoutId)));
        Deposit deposit = transaction.execute(tx -> {
            Deposit current = deposits.lock(id);
            if (current.status() == DepositStatus.COMPLETED && !deposits.confirmedLate(id)) {
                return null; // paid on time, and closed so: nothing came late
            }
            // a retry, or the same success again, records and credits the same
            deposits.recordLateSuccess(id, late.resultCode(), late.resultDesc(), late.receiptNumber(),
                    RailTime.parse(transactionDate));
            if (checkout.isEmpty()) {
                collectLate(current);
            } else {
                collectLateForCheckout(current);
            }
            log.warn("Express deposit {} of client {} paid after its prompt window ({}): recorded Completed{}",
                    current.originatorConversationId(), current.clientId(), current.status(),
                    checkout.isPresent() ? ", for its checkout order to take or owe back" : " and credited");
            return deposits.find(id).orElseThrow();
        });
        if (deposit == null) {
            return LateSuccess.DONE;
        }
        if (checkout.isPresent()) {
            CheckoutOrder order = checkout.get();
            return new LateSuccess(order.id().toString(),
                    WorkflowIds.checkout(order.clientId(), order.originatorConversationId()));
        }
        if (deposit.callbackUrl() != null) {
            // the client heard the failure: it hears the final result again, after it, as an event of its own
            publisher.publish(StkCallbackBody.lateResult(deposit, late, transactionDate, clock.millis()));
        }
        return LateSuccess.DONE;
    }

    /**
     * The rail's success on time: the credit held while the prompt was out is posted; a deposit whose prompt went
     * out before credits were held is credited. The key makes a retried or duplicated close credit once; the rail's
     * settlement cannot be short.
     */
    private void collect(Deposit deposit) {
        Movement movement = PromptMoney.of(deposit);
        if (money.wasHeld(movement)) {
            money.settle(movement);
        } else {
            money.credit(movement, description(deposit));
        }
    }

    /**
     * The rail's success after the deposit closed unpaid: a hold still pending (the outcome was unknown) is posted;
     * a released one cannot be, nor its key reused, so the credit goes under {@code deposit:{id}:paid-late}
     * ({@link MoneyRules#collectedAfterRelease}); with no hold (a prompt sent before credits were held), under the
     * deposit's key, as before. Each is idempotent: a repeated late success credits once.
     */
    private void collectLate(Deposit deposit) {
        Movement movement = PromptMoney.of(deposit);
        if (!money.wasHeld(movement)) {
            money.credit(movement, description(deposit));
        } else if (money.wasReleased(movement)) {
            money.credit(MoneyRules.collectedAfterRelease(movement), description(deposit) + ", paid after its hold was released");
        } else {
            money.settle(movement);
        }
    }

    /**
     * A checkout attempt's prompt paid: the hold made while it was out (S -> the checkout payments' account) is
     * posted, for the order to take or owe back; a prompt sent before checkout payments were held moves nothing
     * here (the order takes it from the rail's settlement).
     */
    private void settleForCheckout(Deposit deposit) {
        if (money.wasHeld(PromptMoney.of(deposit))) {
            money.settle(PromptMoney.of(deposit));
        }
    }

    /** {@link #collectLate} for a checkout attempt: the money goes to the checkout payments' account, once. */
    private void collectLateForCheckout(Deposit deposit) {
        Movement movement = PromptMoney.of(deposit);
        if (!money.wasHeld(movement)) {
            return; // prompted before checkout payments were held: the order takes it from the rail's settlement
        }
        if (money.wasReleased(movement)) {
            money.payForCheckoutAfterRelease(movement, description(deposit) + " for a checkout, paid after its hold "
                    + "was released");
        } else {
            money.settle(movement);
        }
    }

    private static String description(Deposit deposit) {
        return "Express deposit " + deposit.id();
    }

    /** The rail's yyyyMMddHHmmss, or now in the rail's zone when it gave none. */
    private String transactionDate(PromptResult result) {
        return result.transactionDate() != null ? result.transactionDate()
                : RailTime.now(clock);
    }

}
