package com.paywire.workflows.checkout;

import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.cards.CardPaymentWorkflow;
import com.paywire.workflows.checkout.AttemptOutcome.ThirdParty;
import com.paywire.workflows.collections.DepositCommand;
import com.paywire.workflows.collections.ExpressDepositWorkflow;
import com.paywire.workflows.collections.PromptResult;
import io.temporal.api.enums.v1.ParentClosePolicy;
import io.temporal.common.SearchAttributes;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.failure.TemporalFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;

public class CheckoutWorkflowImpl implements CheckoutWorkflow {

    private static final Logger log = Workflow.getLogger(CheckoutWorkflowImpl.class);
    /** From version 1 the workflow runs at most MAX_ATTEMPTS attempts; orders started before run every one. */
    private static final String ATTEMPT_CAP = "attempt-cap";
    /**
     * From version 1 a mobile-money attempt that turns out paid after it failed (mobileMoneyPaidLate) completes a
     * payable order, and is owed back when the order ends otherwise; earlier runs ignored the signal.
     */
    private static final String LATE_PAYMENTS = "late-mobile-money-payments";
    /**
     * Version 1: a card attempt is the card payment workflow run as this workflow's child, which signals how it
     * ended (before, an activity started it and blocked on its Updates). Asked at each card attempt.
     */
    private static final String CARD_ATTEMPT_AS_CHILD = "card-attempt-as-child";
    /** Version 1 of an attempt run as an activity: any failure of it fails the attempt, not the whole order. */
    private static final String CARD_ACTIVITY_FAILURE_FAILS_ATTEMPT = "card-activity-failure-fails-attempt";
    /**
     * Version 1: a card attempt given up on that turns out captured (its card payment workflow said so after the
     * checkout stopped waiting) completes a payable order, and is owed back when the order ends otherwise; earlier
     * runs ignored it, leaving the capture credited nowhere.
     */
    private static final String LATE_CARD_PAYMENTS = "late-card-payments";

    private final CheckoutActivities records =
            Workflow.newActivityStub(CheckoutActivities.class, Policies.database(TaskQueues.COLLECTIONS));
    private final CheckoutActivities cards = Workflow.newActivityStub(CheckoutActivities.class,
            Policies.railCall(TaskQueues.COLLECTIONS, Policies.CARD_CHARGE_GIVE_UP));

    private CheckoutCommand order;
    private CheckoutStatus status = CheckoutStatus.PENDING;
    /** Whether this run keeps its PaymentStatus search attribute up to date (PaymentSearchAttributes). */
    private boolean searchable;
    private Promise<Void> due;
    /** The attempt the payer asked for, not started yet: a CardAttempt or a MobileMoneyAttempt. */
    private Object nextAttempt;
    private boolean cancelAsked;
    /** Attempts started so far, and whether they are capped (see ATTEMPT_CAP). */
    private int attempts;
    private boolean attemptsCapped;
    /** Status changes so far: numbers each change's callback event. */
    private int changes;
    /** Deposits of failed mobile-money attempts that turned out paid, not dealt with yet; and every one signalled. */
    private final List<String> paidLate = new ArrayList<>();
    private final Set<String> signalledPaidLate = new HashSet<>();
    /** The card attempt running as a child, and how it ended once its card payment workflow says. */
    private String cardAttemptId;
    private AttemptOutcome cardOutcome;
    /** Card attempts given up on that were captured all the same, not dealt with yet (see LATE_CARD_PAYMENTS). */
    private final List<AttemptOutcome> cardsPaidLate = new ArrayList<>();

    @Override
    public CheckoutStatus run(CheckoutCommand order) {
        this.order = order;
        attemptsCapped = Workflow.getVersion(ATTEMPT_CAP, Workflow.DEFAULT_VERSION, 1) >= 1;
        searchable = PaymentSearchAttributes.setByTheWorkflow();
        due = Workflow.newTimer(order.dueIn().isNegative() ? Duration.ZERO : order.dueIn());
        while (true) {
            Workflow.await(() -> nextAttempt != null || cancelAsked || due.isCompleted() || !paidLate.isEmpty()
                    || !cardsPaidLate.isEmpty());
            if (!paidLate.isEmpty()) { // paid already: it wins over a new attempt, a cancel or the due date
                if (latePaymentsTaken()) {
                    close(PaymentMethod.MOBILE_MONEY, true, records.mobileMoneyOutcome(paidLate.removeFirst()));
                    return owedBackLatePayments();
                }
                paidLate.clear();
            } else if (!cardsPaidLate.isEmpty()) { // likewise a card captured after the order gave up on it
                if (lateCardPaymentsTaken()) {
                    close(PaymentMethod.CARD, true, cardsPaidLate.removeFirst());
                    return owedBackLatePayments();
                }
                cardsPaidLate.clear();
            } else if (nextAttempt != null) { // asked before the due date: it runs even if the date passes meanwhile
                Object attempt = nextAttempt;
                nextAttempt = null;
                attempts++;
                boolean paid = attempt instanceof CardAttempt card ? chargeCard(card)
                        : promptPhone((MobileMoneyAttempt) attempt);
                if (paid) {
                    return owedBackLatePayments();
                }
            } else if (cancelAsked) {
                change(CheckoutStatus.CANCELLED, null, CheckoutResults.CANCELLED, CheckoutResults.CANCELLED_DESC,
                        ThirdParty.NONE);
                return owedBackLatePayments();
            } else {
                change(CheckoutStatus.EXPIRED, null, CheckoutResults.EXPIRED, CheckoutResults.EXPIRED_DESC,
                        ThirdParty.NONE);
                return owedBackLatePayments();
            }
        }
    }

    @Override
    public void payByCard(CardAttempt attempt) {
        take(attempt, attempt.attemptId());
    }

    @Override
    public void payByMobileMoney(MobileMoneyAttempt attempt) {
        take(attempt, attempt.attemptId());
    }

    @Override
    public void mobileMoneyPaidLate(String depositId) {
        if (signalledPaidLate.add(depositId)) {
            paidLate.add(depositId);
        }
    }

    @Override
    public void cardAttemptEnded(String attemptId, AttemptOutcome outcome) {
        if (attemptId.equals(cardAttemptId)) {
            cardOutcome = outcome;
        } else if (outcome.paid()) { // given up on, but captured before its workflow heard: never ignored
            cardsPaidLate.add(outcome);
        } // else an attempt given up on that took nothing: its card payment workflow voids the authorisation
    }

    @Override
    public void cancel() {
        if (!status.terminal()) {
            cancelAsked = true;
        }
    }

    @Override
    public CheckoutStatus status() {
        return status;
    }

    /**
     * An attempt that arrives while another is in flight waits its turn and runs only if that one fails: the page
     * takes an attempt only once the order shows Failed, which the workflow records a moment before it has
     * finished with the attempt that failed. A second waiting attempt, one past {@link #MAX_ATTEMPTS}, or one after
     * the end, is ignored.
     */
    private void take(Object attempt, String attemptId) {
        boolean noneLeft = attemptsCapped && attempts >= MAX_ATTEMPTS;
        if (status.terminal() || nextAttempt != null || noneLeft || cancelAsked || (due != null && due.isCompleted())) {
            log.info("Checkout {}: attempt {} ignored (status {}, another waiting: {}, none left: {}, cancelled: {})",
                    order == null ? "?" : order.checkoutId(), attemptId, status, nextAttempt != null, noneLeft,
                    cancelAsked);
            return;
        }
        nextAttempt = attempt;
    }

    private boolean chargeCard(CardAttempt attempt) {
        change(CheckoutStatus.PROCESSING, PaymentMethod.CARD, null, null, ThirdParty.NONE);
        AttemptOutcome outcome = Workflow.getVersion(CARD_ATTEMPT_AS_CHILD, Workflow.DEFAULT_VERSION, 1) >= 1
                ? chargeCardAsChild(attempt) : chargeCardInActivity(attempt);
        return close(PaymentMethod.CARD, outcome.paid(), outcome);
    }

    /**
     * The card payment workflow, started as a child that outlives this one (it keeps the payment open for
     * refunds), captures the whole total and signals the outcome. Given up on after
     * {@link Policies#CARD_CHARGE_GIVE_UP}, it is told so: it voids the authorisation, or refunds a capture it made
     * meanwhile, while the order is payable again.
     */
    private AttemptOutcome chargeCardAsChild(CardAttempt attempt) {
        CardCharge charge;
        try {
            charge = records.openCardAttempt(order, attempt, Workflow.getInfo().getWorkflowId());
        } catch (ActivityFailure failure) {
            return failedCardAttempt(attempt, failure);
        }
        if (charge.command() == null) {
            return charge.unusable();
        }
        cardAttemptId = attempt.attemptId();
        cardOutcome = null;
        CardPaymentWorkflow card = Workflow.newChildWorkflowStub(CardPaymentWorkflow.class,
                ChildWorkflowOptions.newBuilder()
                        .setWorkflowId(WorkflowIds.cardPayment(order.clientId(), charge.command().authorisationId()))
                        .setTaskQueue(TaskQueues.CARDS)
                        .setParentClosePolicy(ParentClosePolicy.PARENT_CLOSE_POLICY_ABANDON)
                        .setTypedSearchAttributes(attemptSearchAttributes(Product.CARD, CardTransactionStatus.PENDING))
                        .build());
        Promise<Void> payment = Async.procedure(card::run, charge.command());
        try {
            Workflow.getWorkflowExecution(card).get();
        } catch (TemporalFailure notStarted) {
            return failedCardAttempt(attempt, notStarted);
        }
        Workflow.await(Policies.CARD_CHARGE_GIVE_UP, () -> cardOutcome != null || payment.isCompleted());
        cardAttemptId = null;
        if (cardOutcome != null) {
            return cardOutcome;
        }
        if (payment.isCompleted()) { // ended without a word: its authorisation failed
            return failedCardAttempt(attempt, payment.getFailure());
        }
        log.warn("Checkout {}: card attempt {} given up on after {}", order.checkoutId(), attempt.attemptId(),
                Policies.CARD_CHARGE_GIVE_UP);
        card.abandon();
        return processorUnavailable();
    }

    /** Version 0: attempts begun before card attempts were children. */
    private AttemptOutcome chargeCardInActivity(CardAttempt attempt) {
        // version 1: any failure fails the attempt; earlier runs failed the workflow on all but an outage
        return RailCalls.orWhenUnreachable(() -> cards.chargeCard(order, attempt),
                failure -> FailureType.railUnreachable(failure) || Workflow.getVersion(
                        CARD_ACTIVITY_FAILURE_FAILS_ATTEMPT, Workflow.DEFAULT_VERSION, 1) != Workflow.DEFAULT_VERSION,
                failure -> failedCardAttempt(attempt, failure));
    }

    /** An outage is the processor's; any other failure fails the attempt too, leaving the order payable. */
    private AttemptOutcome failedCardAttempt(CardAttempt attempt, Throwable failure) {
        log.warn("Checkout {}: card attempt {} failed: {}", order.checkoutId(), attempt.attemptId(),
                failure == null ? null : failure.getMessage());
        Throwable cause = failure instanceof ChildWorkflowFailure child ? child.getCause() : failure;
        if (cause instanceof ActivityFailure activity && FailureType.railUnreachable(activity)) {
            return processorUnavailable();
        }
        return new AttemptOutcome(false, CheckoutResults.CARD_ATTEMPT_FAILED, CheckoutResults.CARD_ATTEMPT_FAILED_DESC,
                ThirdParty.NONE);
    }

    private static AttemptOutcome processorUnavailable() {
        return new AttemptOutcome(false, CheckoutResults.PROCESSOR_UNAVAILABLE,
                CheckoutResults.PROCESSOR_UNAVAILABLE_DESC, ThirdParty.NONE);
    }

    /**
     * The attempt is an express deposit run as a child under the deposit's own workflow id, so that the rail's
     * callback, which signals that id, reaches it as it reaches any deposit.
     */
    private boolean promptPhone(MobileMoneyAttempt attempt) {
        change(CheckoutStatus.PROCESSING, PaymentMethod.MOBILE_MONEY, null, null, ThirdParty.NONE);
        DepositCommand deposit = records.openMobileMoneyAttempt(order, attempt);
        ExpressDepositWorkflow child = Workflow.newChildWorkflowStub(ExpressDepositWorkflow.class,
                ChildWorkflowOptions.newBuilder()
                        .setWorkflowId(WorkflowIds.expressDeposit(order.clientId(), attempt.attemptId()))
                        .setTaskQueue(TaskQueues.COLLECTIONS)
                        .setTypedSearchAttributes(
                                attemptSearchAttributes(Product.PHONE_PROMPT, DepositStatus.PENDING))
                        .build());
        String resultCode = child.process(deposit);
        return close(PaymentMethod.MOBILE_MONEY, PromptResult.SUCCESS.equals(resultCode),
                records.mobileMoneyOutcome(deposit.depositId()));
    }

    /** An attempt is found by its own product and rail, and by its order's originatorConversationId. */
    private SearchAttributes attemptSearchAttributes(Product product, Enum<?> status) {
        return searchable
                ? PaymentSearchAttributes.of(product, order.clientId(), order.originatorConversationId(), status)
                : null;
    }

    /** The order is final: a late payment it did not take is owed back to its payer (see LATE_PAYMENTS). */
    private CheckoutStatus owedBackLatePayments() {
        while (!paidLate.isEmpty() && latePaymentsTaken()) {
            records.oweBackLatePayment(order.checkoutId(), paidLate.removeFirst());
        }
        while (!cardsPaidLate.isEmpty() && lateCardPaymentsTaken()) {
            records.oweBackLateCardPayment(order.checkoutId(), cardsPaidLate.removeFirst().thirdParty().reference());
        }
        return status;
    }

    private static boolean latePaymentsTaken() {
        return Workflow.getVersion(LATE_PAYMENTS, Workflow.DEFAULT_VERSION, 1) >= 1;
    }

    private static boolean lateCardPaymentsTaken() {
        return Workflow.getVersion(LATE_CARD_PAYMENTS, Workflow.DEFAULT_VERSION, 1) >= 1;
    }

    /** Completed when paid (credited once, by the completion); otherwise Failed, and payable again. */
    private boolean close(PaymentMethod method, boolean paid, AttemptOutcome outcome) {
        if (paid) {
            records.completeCheckout(new StatusChange(order.checkoutId(), nextEventId(), CheckoutStatus.COMPLETED,
                    method, CheckoutResults.COMPLETED, CheckoutResults.COMPLETED_DESC, outcome.thirdParty()));
            status = PaymentSearchAttributes.statusChanged(searchable, status, CheckoutStatus.COMPLETED);
            return true;
        }
        change(CheckoutStatus.FAILED, method, outcome.resultCode(), outcome.resultDesc(), outcome.thirdParty());
        return false;
    }

    private void change(CheckoutStatus to, PaymentMethod method, String resultCode, String resultDesc,
                        ThirdParty thirdParty) {
        records.recordCheckoutStatus(new StatusChange(order.checkoutId(), nextEventId(), to, method, resultCode,
                resultDesc, thirdParty));
        status = PaymentSearchAttributes.statusChanged(searchable, status, to);
    }

    /** Named after the checkout and the change's number: a retried change publishes the same event. */
    private String nextEventId() {
        return UUID.nameUUIDFromBytes((Product.CHECKOUT.eventKey(order.checkoutId()) + ":" + changes++)
                .getBytes(StandardCharsets.UTF_8)).toString();
    }
}
