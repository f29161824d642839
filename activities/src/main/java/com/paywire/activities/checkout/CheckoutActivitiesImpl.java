package com.paywire.activities.checkout;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.activities.ActivityCollaborators;
import com.paywire.domain.cards.CardMoney;
import com.paywire.domain.checkout.CardCheckout;
import com.paywire.domain.checkout.CheckoutDocuments;
import com.paywire.domain.collections.PromptMoney;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.domain.paybacks.PayBacks;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.checkout.CheckoutStore;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.vocabulary.checkout.CheckoutOrder;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.paybacks.PayBack;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rules.money.MoneyRules;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.workflows.checkout.AttemptOutcome.ThirdParty;
import com.paywire.workflows.checkout.AttemptOutcome;
import com.paywire.workflows.checkout.CardAttempt;
import com.paywire.workflows.checkout.CardCharge;
import com.paywire.workflows.checkout.CheckoutActivities;
import com.paywire.workflows.checkout.CheckoutCommand;
import com.paywire.workflows.checkout.MobileMoneyAttempt;
import com.paywire.workflows.checkout.StatusChange;
import com.paywire.workflows.collections.DepositCommand;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

@Component
public class CheckoutActivitiesImpl implements CheckoutActivities {

    private static final Logger log = LoggerFactory.getLogger(CheckoutActivitiesImpl.class);

    private final CheckoutStore checkouts;
    private final DepositStore deposits;
    private final CardCheckout cards;
    private final MoneyEngine money;
    private final EventPublisher publisher;
    private final TransactionTemplate transaction;
    private final Clock clock;
    private final PaymentJournal journal;
    private final PayBacks payBacks;

    public CheckoutActivitiesImpl(CheckoutStore checkouts, DepositStore deposits, CardCheckout cards,
                                  PayBacks payBacks, ActivityCollaborators with) {
        this.payBacks = payBacks;
        this.checkouts = checkouts;
        this.deposits = deposits;
        this.cards = cards;
        this.money = with.money();
        this.publisher = with.publisher();
        this.transaction = with.transaction();
        this.clock = with.clock();
        this.journal = with.journal();
    }

    @Override
    public void recordCheckoutStatus(StatusChange change) {
        reported(() -> {
            if (change.status() == CheckoutStatus.COMPLETED) {
                throw new InvariantViolationException("a checkout is completed by completeCheckout, which credits it");
            }
            CheckoutOrder order = transaction.execute(tx -> {
                CheckoutOrder current = checkouts.lock(id(change));
                requireNotFinal(current, change);
                record(change);
                if (change.status().terminal() && current.status() != change.status()) { // cancelled or expired
                    journal.finished(PaymentJournal.Payment.of(current, current.paymentMethod()),
                            PaymentJournal.Outcome.FAILED, current.createdAt(), change.status().description()
                                    + " after " + current.attempts() + " attempts to pay");
                }
                return checkouts.find(current.id()).orElseThrow();
            });
            publish(order, change);
        });
    }

    @Override
    public AttemptOutcome chargeCard(CheckoutCommand order, CardAttempt attempt) {
        return reported(() -> cards.charge(order, attempt));
    }

    @Override
    public CardCharge openCardAttempt(CheckoutCommand order, CardAttempt attempt, String checkoutWorkflowId) {
        return reported(() -> cards.open(order, attempt, checkoutWorkflowId));
    }

    @Override
    public DepositCommand openMobileMoneyAttempt(CheckoutCommand command, MobileMoneyAttempt attempt) {
        return reported(() -> {
            CheckoutOrder order = checkouts.find(UUID.fromString(command.checkoutId())).orElseThrow(
                    () -> new InvariantViolationException("no checkout order " + command.checkoutId()));
            String reference = order.accountNo() != null ? order.accountNo()
                    : order.checkoutReference() != null ? order.checkoutReference() : order.originatorConversationId();
            String description = "Checkout " + reference;
            Deposit deposit = deposits.insertForCheckout(new Deposit(UUID.randomUUID(), order.clientId(),
                    attempt.attemptId(), null, order.accountNo(), order.totalAmount(), attempt.phoneNumber(),
                    description.length() > 100 ? description.substring(0, 100) : description, null, null, null, null,
                    null, order.currencyName(), order.billTo().firstName(), order.billTo().lastName(), null, null,
                    null, null, DepositStatus.PENDING, null, null, null, null, true, OffsetDateTime.now(clock)), order.id());
            if (!deposits.checkoutOf(deposit.id()).equals(Optional.of(order.id()))) {
                throw new InvariantViolationException("the attempt id " + attempt.attemptId()
                        + " names a deposit of another kind");
            }
            return new DepositCommand(deposit.id().toString(), deposit.clientId(), deposit.originatorConversationId(),
                    deposit.phoneNumber(), deposit.amount(), reference, deposit.transactionDesc(),
                    command.promptWindow());
        });
    }

    @Override
    public AttemptOutcome mobileMoneyOutcome(String depositId) {
        return reported(() -> {
            Deposit deposit = deposits.find(UUID.fromString(depositId)).orElseThrow(
                    () -> new InvariantViolationException("no express deposit " + depositId));
            if (deposit.status() == DepositStatus.PENDING) {
                throw new InvariantViolationException("the deposit " + depositId + " of a finished attempt is pending");
            }
            boolean paid = deposit.status() == DepositStatus.COMPLETED;
            return new AttemptOutcome(paid, paid ? null : deposit.resultCode(), paid ? null : deposit.resultDesc(),
                    new ThirdParty(deposit.resultCode(), deposit.resultDesc(),
                            paid ? deposit.receiptNumber() : deposit.id().toString()));
        });
    }

    @Override
    public void completeCheckout(StatusChange completion) {
        reported(() -> {
            if (completion.status() != CheckoutStatus.COMPLETED || completion.method() == null) {
                throw new InvariantViolationException("a completion is Completed, by a payment method: " + completion);
            }
            CheckoutOrder order = transaction.execute(tx -> {
                CheckoutOrder current = checkouts.lock(id(completion));
                if (current.status().paid()) {
                    return current; // completed before (and maybe refunded since): only the callback may be missing
                }
                requireNotFinal(current, completion);
                record(completion);
                credit(current, completion);
                journal.finished(PaymentJournal.Payment.of(current, completion.method()),
                        PaymentJournal.Outcome.COMPLETED, current.createdAt(), "paid by " + completion.method()
                                + ", " + current.totalAmount() + " " + current.currencyName() + ", fee "
                                + current.feeAmount());
                return checkouts.find(current.id()).orElseThrow();
            });
            publish(order, completion);
        });
    }

    @Override
    public void oweBackLatePayment(String checkoutId, String depositId) {
        reported(() -> payBackAfterCommit(transaction.execute(tx -> {
            CheckoutOrder order = checkouts.lock(UUID.fromString(checkoutId));
            Deposit deposit = deposits.find(UUID.fromString(depositId)).orElseThrow(
                    () -> new InvariantViolationException("no express deposit " + depositId));
            if (!deposits.checkoutOf(deposit.id()).equals(Optional.of(order.id()))
                    || deposit.status() != DepositStatus.COMPLETED) {
                throw new InvariantViolationException("deposit " + depositId + " is no paid attempt at " + checkoutId);
            }
            if (paidBy(order, deposit)) {
                return null; // the payment the order took (a repeated late callback): nothing is owed
            }
            // the payment waits on the ledger until its pay-back's workflow pays it back (issue 45)
            Movement payment = PromptMoney.of(deposit);
            String why = "Owed back: checkout " + order.id() + " was " + order.status() + " when its attempt "
                    + deposit.id() + " paid";
            if (money.isHeldForCheckout(payment)) {
                money.oweBackCheckoutPayment(payment, why);
            } else { // prompted before checkout payments were held: the money is still on the rail's settlement
                money.oweBack(payment, why);
            }
            log.warn("Checkout {} of client {} is {}: {} KES paid by its attempt {} (receipt {}) is owed back to {}",
                    order.originatorConversationId(), order.clientId(), order.status(),
                    deposit.amount(), deposit.id(), deposit.receiptNumber(), LedgerAccounts.REFUNDS_DUE);
            return payBacks.recordRefundDue(MoneyRules.owedBack(payment, why).key(), Product.PHONE_PROMPT,
                    deposit.id().toString(), order.id(), deposit.amount());
        })));
    }

    @Override
    public void oweBackLateCardPayment(String checkoutId, String captureId) {
        reported(() -> payBackAfterCommit(transaction.execute(tx -> {
            CheckoutOrder order = checkouts.lock(UUID.fromString(checkoutId));
            if (order.paymentMethod() == PaymentMethod.CARD && order.status().paid()
                    && captureId.equals(order.outcome().thirdPartyReference())) {
                return null; // the capture the order took: nothing is owed
            }
            // captured for the whole order, which took another payment or closed: the payer is owed it back
            Movement capture = CardMoney.checkoutCapture(order.clientId(), captureId, order.totalAmount());
            String why = "Owed back: checkout " + order.id() + " was " + order.status() + " when its card attempt's "
                    + "capture " + captureId + " was made";
            if (money.isHeldForCheckout(capture)) {
                money.oweBackCheckoutPayment(capture, why);
            } else { // captured before checkout captures were held: the money is still on the card settlement
                money.oweBack(capture, why);
            }
            log.warn("Checkout {} of client {} is {}: {} {} captured by card ({}) is owed back to {}",
                    order.originatorConversationId(), order.clientId(), order.status(), order.totalAmount(),
                    order.currencyName(), captureId, LedgerAccounts.REFUNDS_DUE);
            return payBacks.recordRefundDue(MoneyRules.owedBack(capture, why).key(), Product.CARD, captureId,
                    order.id(), order.totalAmount());
        })));
    }

    /** A payment owed back is paid back by its own workflow, started once the booking has committed. */
    private void payBackAfterCommit(PayBack owed) {
        if (owed != null && !owed.workflowStarted()) {
            payBacks.start(owed);
        }
    }

    /** Whether the order was completed by this mobile-money payment: the completion keeps its receipt. */
    private static boolean paidBy(CheckoutOrder order, Deposit deposit) {
        return order.status() == CheckoutStatus.COMPLETED
                && order.paymentMethod() == PaymentMethod.MOBILE_MONEY
                && deposit.receiptNumber() != null
                && deposit.receiptNumber().equals(order.outcome().thirdPartyReference());
    }

    /**
     * The client's utility account gets the total less the fee, the fee goes to Paywire's revenue; both come from
     * the rail the money came in by (a settlement account, which may go negative: a refusal is a broken invariant),
     * or, for a card capture held for its order, from the checkout payments' account, where it waits (which may not
     * go negative: a capture pays one order, once). The keys make a retried completion credit once.
     */
    private void credit(CheckoutOrder order, StatusChange completion) {
        Movement credit = new Movement(Product.CHECKOUT, order.id().toString(), order.clientId(),
                completion.method().rail(), order.totalAmount(), order.feeAmount());
        String description = "Checkout " + order.id();
        if (paymentOf(order, completion).filter(money::isHeldForCheckout).isPresent()) {
            money.creditFromCheckoutPayment(credit, description);
        } else {
            money.credit(credit, description);
        }
    }

    /**
     * The attempt's payment that completes the order, as the ledger keys it: its card capture (the completion
     * carries its CaptureId), or its phone prompt's deposit (found by the rail's receipt the completion carries).
     */
    private Optional<Movement> paymentOf(CheckoutOrder order, StatusChange completion) {
        String reference = completion.thirdParty() == null ? null : completion.thirdParty().reference();
        if (reference == null) {
            return Optional.empty();
        }
        if (completion.method() == PaymentMethod.CARD) {
            return Optional.of(CardMoney.checkoutCapture(order.clientId(), reference, order.totalAmount()));
        }
        return deposits.ofCheckout(order.id()).stream()
                .filter(d -> d.status() == DepositStatus.COMPLETED && reference.equals(d.receiptNumber()))
                .findFirst().map(PromptMoney::of);
    }

    private void record(StatusChange change) {
        ThirdParty thirdParty = change.thirdParty() == null ? ThirdParty.NONE : change.thirdParty();
        checkouts.recordStatus(id(change), change.status(), change.status().description(),
                new CheckoutOrder.Outcome(change.resultCode(), change.resultDesc(), thirdParty.responseCode(),
                        thirdParty.responseDesc(), thirdParty.reference()),
                change.method(), OffsetDateTime.now(clock));
    }

    /** A final order changes no more; the same change again (a retry) is no change. */
    private static void requireNotFinal(CheckoutOrder current, StatusChange change) {
        CheckoutStatus now = current.status();
        if (now.terminal() && now != change.status()) {
            throw new InvariantViolationException("checkout " + current.id() + " is " + now + " already; refused "
                    + change.status());
        }
    }

    /** The order as it now stands, to the merchant's checkoutCallbackUrl; the event id makes a retry harmless. */
    private void publish(CheckoutOrder order, StatusChange change) {
        publisher.publish(CheckoutDocuments.callbackEvent(order, checkouts.lines(order.id()), change.eventId(),
                clock.millis()));
    }

    private static UUID id(StatusChange change) {
        return UUID.fromString(change.checkoutId());
    }
}
