package com.paywire.workflows.cards;

import static com.paywire.vocabulary.cards.CardTransactionStatus.AUTHORIZED;
import static com.paywire.vocabulary.cards.CardTransactionStatus.CAPTURED;
import static com.paywire.vocabulary.cards.CardTransactionStatus.DECLINED;
import static com.paywire.vocabulary.cards.CardTransactionStatus.REFUNDED;
import static com.paywire.vocabulary.cards.CardTransactionStatus.REFUND_FAILED;
import static com.paywire.vocabulary.cards.CardTransactionStatus.REFUND_INITIATED;
import static com.paywire.vocabulary.cards.CardTransactionStatus.VOIDED;

import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.cards.CardTransactionType;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.cards.CardAuthorisationCommand.ForCheckout;
import com.paywire.workflows.cards.CardEvents.CardTransactionEvent;
import com.paywire.workflows.cards.CardEvents.FraudRejected;
import com.paywire.workflows.cards.CardPaymentState.TakenBack;
import com.paywire.workflows.cards.CardPaymentState.UnsettledRefund;
import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.notifications.Notifications;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInit;
import io.temporal.workflow.WorkflowLock;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;

public class CardPaymentWorkflowImpl implements CardPaymentWorkflow {

    /** Version 1: the workflow screens the authorisation for fraud (before, the API did). */
    private static final String FRAUD_SCREEN_IN_WORKFLOW = "fraud-screen-in-workflow";
    /** Version 1: a refund's settlement is awaited by the activity's retries (before, by a loop of timers). */
    private static final String SETTLEMENT_BY_RETRY = "refund-settlement-by-retry";
    /**
     * Version 1: captures are credited to the merchant's utility account less the card fee (before, cards never
     * touched the ledger). Asked once, at the start: a payment that began before is never credited.
     */
    private static final String CAPTURES_ON_LEDGER = "captures-on-ledger";
    /** Version 1: a refund first takes its share of what the capture was credited back (before, none did). */
    private static final String REFUNDS_ON_LEDGER = "refunds-on-ledger";
    /**
     * Version 1: the refund window ends at a time fixed when it opens, and a run whose history grows long continues
     * as new, handing on its state (before, one run waited out the whole window, however many operations came).
     */
    private static final String HISTORY_GUARD = "history-guard";

    private static final Logger log = Workflow.getLogger(CardPaymentWorkflowImpl.class);
    /** Version 0 of SETTLEMENT_BY_RETRY: how many checks of an unsettled refund, one every CARD_REFUND_SETTLEMENT_CHECK. */
    private static final int REFUND_SETTLEMENT_CHECKS = (int) (Policies.CARD_REFUND_SETTLEMENT_WINDOW.toMinutes()
            / Policies.CARD_REFUND_SETTLEMENT_CHECK.toMinutes());

    private final CardProcessorActivities processor = Workflow.newActivityStub(CardProcessorActivities.class,
            Policies.railCall(TaskQueues.CARDS, Policies.CARD_PROCESSOR_GIVE_UP));
    private final CardProcessorActivities settlements = Workflow.newActivityStub(CardProcessorActivities.class,
            Policies.awaitSettlement(TaskQueues.CARDS, Policies.CARD_REFUND_SETTLEMENT_WINDOW));
    private final CardRecordActivities records =
            Workflow.newActivityStub(CardRecordActivities.class, Policies.database(TaskQueues.CARDS));
    private final FraudScreenActivities fraud =
            Workflow.newActivityStub(FraudScreenActivities.class, Policies.database(TaskQueues.CARDS));
    private final CardLedgerActivities ledger =
            Workflow.newActivityStub(CardLedgerActivities.class, Policies.database(TaskQueues.CARDS));
    /** One capture, void or refund at a time: their checks and effects must not interleave. */
    private final WorkflowLock operations = Workflow.newWorkflowLock();

    private final CardAuthorisationCommand command;
    private AuthorisationResult authorisation;
    private CardTransactionStatus status = CardTransactionStatus.PENDING;
    private boolean voided;
    private boolean searchable; // whether this run keeps its PaymentStatus up to date (PaymentSearchAttributes)
    /** Whether captures are credited: on the ledger, and not a checkout's (the checkout credits those). */
    private boolean capturesCredited;
    /** The checkout whose attempt this is gave up on it. */
    private boolean abandoned;
    private BigDecimal captured = BigDecimal.ZERO;
    /** Refunds the processor has not settled yet, by refund id: the workflow may not end before they do. */
    private final Map<String, UnsettledRefund> unsettled = new LinkedHashMap<>();
    /** From HISTORY_GUARD on: when the refund window ends (epoch millis), fixed when it opens. */
    private long refundWindowEndsMillis;
    /** capture id → [processor capture id, amount captured, amount refunded (initiated or settled)] */
    private final Map<String, CaptureState> captures = new LinkedHashMap<>();
    /** TYPE:RequestId → the answer given: the same request twice gets the same answer. */
    private final Map<String, CardOperationResult> answered = new HashMap<>();
    /** Refund id → what its refund took back from the ledger, given back should the processor fail it. */
    private final Map<String, TakenBack> takenBack = new HashMap<>();

    /**
     * Restores a continued run's state before anything runs: a capture or refund may arrive as the new run's first
     * task, before {@link #run}, and must see the captures and refunds the last run made.
     */
    @WorkflowInit
    public CardPaymentWorkflowImpl(CardAuthorisationCommand command) {
        this.command = command;
        CardPaymentState carried = command.carried();
        if (carried != null) {
            authorisation = carried.authorisation();
            status = carried.status();
            voided = carried.voided();
            capturesCredited = carried.capturesCredited();
            abandoned = carried.abandoned();
            captured = carried.captured();
            carried.captures().forEach(c -> captures.put(c.id(), new CaptureState(c)));
            answered.putAll(carried.answered());
            carried.unsettled().forEach(r -> {
                unsettled.put(r.refund().id(), r);
                if (r.takenBack() != null) {
                    takenBack.put(r.refund().id(), r.takenBack());
                }
            });
            refundWindowEndsMillis = carried.refundWindowEndsMillis();
        }
    }

    @Override
    public void run(CardAuthorisationCommand command) {
        searchable = PaymentSearchAttributes.setByTheWorkflow();
        if (command.carried() != null) {
            // the last run's settlement waits ended with it: ask the processor again about each
            List.copyOf(unsettled.values()).forEach(r -> Async.procedure(this::awaitRefundSettlement, r.refund(),
                    r.processorRefundId()));
        } else if (!authorisedAndCapturedOrVoided()) {
            return;
        }
        if (!voided) {
            awaitRefunds();
        }
        Workflow.await(() -> unsettled.isEmpty() && Workflow.isEveryHandlerFinished());
    }

    /** The first run's start: screens, authorises, and waits for a capture or a void. False when declined. */
    private boolean authorisedAndCapturedOrVoided() {
        capturesCredited = Workflow.getVersion(CAPTURES_ON_LEDGER, Workflow.DEFAULT_VERSION, 1) >= 1
                && command.checkout() == null;
        if (Workflow.getVersion(FRAUD_SCREEN_IN_WORKFLOW, Workflow.DEFAULT_VERSION, 1) >= 1
                && command.fraudScreening() != null && rejectedByFraudScreen()) {
            CheckoutAttempts.tell(command.checkout(), CheckoutAttempts.declined(authorisation));
            return false;
        }
        ProcessorResult result = processor.authorise(command.authorisationId(), command.processorInstrumentId(),
                command.amount(), command.currency(), command.cavv());
        AuthorisationResult answer = new AuthorisationResult(command.authorisationId(),
                result.accepted() ? AUTHORIZED : DECLINED,
                result.responseCode(), result.avsCode(), result.cvnCode(), result.errorCode(), result.errorMessage(),
                result.processorTransactionId());
        records.recordAuthorisation(command, answer);
        publish(answer.authorised() ? "payment.authorised" : "payment.authorisation_failed",
                command.authorisationId(), answer.status(), command.amount());
        status = PaymentSearchAttributes.statusChanged(searchable, status, answer.status());
        authorisation = answer;
        if (!answer.authorised()) {
            CheckoutAttempts.tell(command.checkout(), CheckoutAttempts.declined(answer));
            return false;
        }
        if (command.checkout() != null && command.checkout().checkoutWorkflowId() != null) {
            chargeForCheckout(command.checkout());
        }
        if (!Workflow.await(command.authorisationExpiry(), () -> captured.signum() > 0 || voided)) {
            expire();
        }
        return true;
    }

    /**
     * Waits out the refund window, or until everything captured is refunded and settled (a failed refund makes its
     * amount refundable again, so only settled refunds close the payment). From HISTORY_GUARD on, a run whose
     * history grows long hands its state to a new run once no capture or refund is half done.
     */
    private void awaitRefunds() {
        if (command.carried() == null
                && Workflow.getVersion(HISTORY_GUARD, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION) {
            Workflow.await(Policies.CARD_REFUND_WINDOW, this::allRefundedAndSettled);
            return;
        }
        if (command.carried() == null) {
            refundWindowEndsMillis = Workflow.currentTimeMillis() + Policies.CARD_REFUND_WINDOW.toMillis();
        }
        Duration left = Duration.ofMillis(Math.max(0, refundWindowEndsMillis - Workflow.currentTimeMillis()));
        if (Workflow.await(left, () -> allRefundedAndSettled() || historyTooLong()) && !allRefundedAndSettled()) {
            Workflow.await(Workflow::isEveryHandlerFinished);
            Workflow.continueAsNew(command.continuing(handedOn()));
        }
    }

    private boolean allRefundedAndSettled() {
        return fullyRefunded() && unsettled.isEmpty();
    }

    private boolean historyTooLong() {
        int limit = command.historyEventLimit() == null ? Policies.CARD_PAYMENT_HISTORY_LIMIT
                : command.historyEventLimit();
        return Workflow.getInfo().isContinueAsNewSuggested() || Workflow.getInfo().getHistoryLength() > limit;
    }

    private CardPaymentState handedOn() {
        return new CardPaymentState(authorisation, status, voided, capturesCredited, refundsTakeBack(), abandoned,
                captured, captures.entrySet().stream().map(c -> c.getValue().handedOn(c.getKey())).toList(),
                new LinkedHashMap<>(answered), List.copyOf(unsettled.values()), refundWindowEndsMillis);
    }

    /** Screens the authorisation (once: the screen is keyed by it); a rejection declines it here. */
    private boolean rejectedByFraudScreen() {
        FraudDecision decision = fraud.screenAuthorisation(command);
        if (!decision.rejected()) {
            return false;
        }
        AuthorisationResult answer = new AuthorisationResult(command.authorisationId(), DECLINED, null, null, null,
                CardFailures.FRAUD_REJECTED, "Refused by fraud screening: " + decision.reasons(), null);
        records.recordAuthorisation(command, answer);
        publish("fraud.rejected", FraudRejected.of(decision, command.authorisationId()));
        status = PaymentSearchAttributes.statusChanged(searchable, status, DECLINED);
        authorisation = answer;
        return true;
    }

    @Override
    public AuthorisationResult authorisation() {
        Workflow.await(() -> authorisation != null);
        return authorisation;
    }

    @Override
    public void validateCapture(CardOperation capture) {
        if (!answered.containsKey(requestKey(CardTransactionType.CAPTURE, capture.requestId()))) {
            CardOperationRefused.unless(() -> requireValidCapture(capture));
        }
    }

    @Override
    public CardOperationResult capture(CardOperation capture) {
        return exclusively(requestKey(CardTransactionType.CAPTURE, capture.requestId()), () -> {
            requireValidCapture(capture);
            ProcessorResult result = processor.capture(capture.id(), authorisation.processorTransactionId(), capture.amount());
            CardFailures.refusedUnlessAccepted(result, "capture");
            if (capturesCredited) {
                ledger.creditCapture(command.clientId(), capture.id(), capture.amount(), command.currency());
            }
            captured = captured.add(capture.amount());
            captures.put(capture.id(), new CaptureState(result.processorTransactionId(), capture.amount()));
            status = PaymentSearchAttributes.statusChanged(searchable, status, CAPTURED);
            records.recordOperation(command.clientId(), command.authorisationId(), CardTransactionType.CAPTURE,
                    capture, CAPTURED, result.processorTransactionId());
            records.updateStatus(command.authorisationId(), CAPTURED);
            publish("payment.captured", capture.id(), CAPTURED, capture.amount());
            return new CardOperationResult(capture.id(), CAPTURED, capture.amount(), command.currency());
        });
    }

    @Override
    public void validateVoid(CardOperation voidRequest) {
        if (!answered.containsKey(requestKey(CardTransactionType.VOID, voidRequest.requestId()))) {
            CardOperationRefused.unless(this::requireVoidable);
        }
    }

    @Override
    public CardOperationResult voidAuthorisation(CardOperation voidRequest) {
        return exclusively(requestKey(CardTransactionType.VOID, voidRequest.requestId()), () -> {
            requireVoidable();
            ProcessorResult result = processor.voidPayment(voidRequest.id(), authorisation.processorTransactionId());
            CardFailures.refusedUnlessAccepted(result, "void");
            markVoided(voidRequest, result.processorTransactionId());
            return new CardOperationResult(voidRequest.id(), VOIDED, null, command.currency());
        });
    }

    @Override
    public void validateRefund(CardOperation refund) {
        if (!answered.containsKey(requestKey(CardTransactionType.REFUND, refund.requestId()))) {
            CardOperationRefused.unless(() -> CaptureState.requireRefundable(captures.get(refund.captureId()), refund,
                    command.currency()));
        }
    }

    @Override
    public CardOperationResult refund(CardOperation refund) {
        return exclusively(requestKey(CardTransactionType.REFUND, refund.requestId()), () -> refund(refund, true));
    }

    /** @param takeBack whether the refund takes back what the capture was credited (not when nothing was) */
    private CardOperationResult refund(CardOperation refund, boolean takeBack) {
        CaptureState.requireRefundable(captures.get(refund.captureId()), refund, command.currency());
        CaptureState capture = captures.get(refund.captureId());
        CardRefundMoney money = takeBack && refundsTakeBack()
                ? new CardRefundMoney(command.clientId(), command.checkout() == null ? null
                        : command.checkout().checkoutId(), refund.captureId(), refund.id(), refund.amount(),
                        capture.refunded, capture.feeReturned)
                : null;
        // taken back before the processor is asked: a refund the merchant cannot cover never reaches the payer
        BigDecimal feeShare = money == null ? BigDecimal.ZERO : ledger.takeBackRefund(money);
        ProcessorResult result = processor.refund(refund.id(), capture.processorId, refund.amount());
        if (!result.accepted() && money != null) {
            ledger.giveBackRefund(money, capture.refunded);
        }
        CardFailures.refusedUnlessAccepted(result, "refund");
        TakenBack taken = money == null ? null : new TakenBack(money, feeShare);
        // counted as unsettled before it counts as refunded: the main method must never see it refunded and settled
        unsettled.put(refund.id(), new UnsettledRefund(refund, result.processorTransactionId(), taken));
        capture.refunded = capture.refunded.add(refund.amount());
        capture.feeReturned = capture.feeReturned.add(feeShare);
        if (taken != null) {
            takenBack.put(refund.id(), taken);
        }
        records.recordOperation(command.clientId(), command.authorisationId(), CardTransactionType.REFUND, refund,
                REFUND_INITIATED, result.processorTransactionId());
        publish("payment.refund_initiated", refund.id(), REFUND_INITIATED, refund.amount());
        Async.procedure(this::awaitRefundSettlement, refund, result.processorTransactionId());
        return new CardOperationResult(refund.id(), REFUND_INITIATED, refund.amount(), command.currency());
    }

    /** Whether refunds take back their capture's credit: a continued run keeps the first run's answer. */
    private boolean refundsTakeBack() {
        return command.carried() != null ? command.carried().refundsTakeBack()
                : Workflow.getVersion(REFUNDS_ON_LEDGER, Workflow.DEFAULT_VERSION, 1) >= 1;
    }

    @Override
    public void abandon() {
        abandoned = true;
    }

    @Override
    public CardTransactionStatus status() {
        return status;
    }

    private void awaitRefundSettlement(CardOperation refund, String processorRefundId) {
        try {
            if (Workflow.getVersion(SETTLEMENT_BY_RETRY, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION) {
                settleOnTimers(refund, processorRefundId);
            } else {
                settleByRetries(refund, processorRefundId);
            }
        } finally {
            unsettled.remove(refund.id());
        }
    }

    private void settleByRetries(CardOperation refund, String processorRefundId) {
        try {
            settled(refund, settlements.settledRefund(processorRefundId));
        } catch (ActivityFailure unsettled) {
            log.warn("Refund {} not settled by the processor within {}", refund.id(),
                    Policies.CARD_REFUND_SETTLEMENT_WINDOW);
        }
    }

    /** Version 0, for workflows that started before SETTLEMENT_BY_RETRY. */
    private void settleOnTimers(CardOperation refund, String processorRefundId) {
        for (int check = 0; check < REFUND_SETTLEMENT_CHECKS; check++) {
            Workflow.sleep(Policies.CARD_REFUND_SETTLEMENT_CHECK);
            RefundSettlement settlement;
            try {
                settlement = processor.refundStatus(processorRefundId);
            } catch (ActivityFailure unreachable) {
                continue; // the processor is away: ask again at the next check
            }
            if (settlement != RefundSettlement.PENDING) {
                settled(refund, settlement);
                return;
            }
        }
        log.warn("Refund {} not settled by the processor after a day of checks", refund.id());
    }

    private void settled(CardOperation refund, RefundSettlement settlement) {
        if (settlement == RefundSettlement.SETTLED) {
            records.updateStatus(refund.id(), REFUNDED);
            return;
        }
        CaptureState capture = captures.get(refund.captureId());
        capture.refunded = capture.refunded.subtract(refund.amount());
        TakenBack taken = takenBack.remove(refund.id());
        if (taken != null) {
            capture.feeReturned = capture.feeReturned.subtract(taken.feeShare());
            ledger.giveBackRefund(taken.money(), capture.refunded);
        }
        records.updateStatus(refund.id(), REFUND_FAILED);
        publish("payment.refund_failed", refund.id(), REFUND_FAILED, refund.amount());
    }

    /**
     * A checkout's attempt: capture the whole amount and tell the checkout. Given up on by the checkout first, the
     * authorisation is voided instead; given up on while capturing, the capture is refunded in full (the checkout
     * credited nothing for it).
     */
    private void chargeForCheckout(ForCheckout checkout) {
        if (abandoned) {
            release(checkout);
            return;
        }
        try {
            capture(new CardOperation(checkout.captureId(), checkout.captureRequestId(), command.amount(), null,
                    Workflow.currentTimeMillis()));
        } catch (ApplicationFailure | ActivityFailure refused) {
            log.warn("Checkout attempt {}: capture of {} refused; releasing it", checkout.attemptId(),
                    command.authorisationId(), refused);
            release(checkout);
            CheckoutAttempts.tell(checkout, CheckoutAttempts.captureRefused(authorisation, refused.getMessage()));
            return;
        }
        if (!abandoned) {
            CheckoutAttempts.tell(checkout, CheckoutAttempts.paid(authorisation, checkout.captureId()));
            return;
        }
        CardOperation refund = new CardOperation(checkout.refundId(), checkout.refundRequestId(), command.amount(),
                checkout.captureId(), Workflow.currentTimeMillis());
        try {
            exclusively(requestKey(CardTransactionType.REFUND, refund.requestId()), () -> refund(refund, false));
        } catch (ApplicationFailure | ActivityFailure failed) {
            log.error("Checkout attempt {} given up on after its capture {}, and the refund failed: for an operator",
                    checkout.attemptId(), checkout.captureId(), failed);
        }
    }

    /** Voids the checkout's authorisation; if the processor will not, it expires like any other. */
    private void release(ForCheckout checkout) {
        try {
            voidAuthorisation(new CardOperation(checkout.voidId(), checkout.voidRequestId(), null, null,
                    Workflow.currentTimeMillis()));
        } catch (ApplicationFailure | ActivityFailure failed) {
            log.warn("Checkout attempt {}: authorisation {} not voided now; it expires", checkout.attemptId(),
                    command.authorisationId(), failed);
        }
    }

    /** Neither captured nor voided in time: the hold is released at the processor. */
    private void expire() {
        operations.lock();
        try {
            if (captured.signum() > 0 || voided) {
                return;
            }
            CardOperation expiry = new CardOperation("void_" + command.authorisationId().substring(5), "expiry:"
                    + command.authorisationId(), null, null, Workflow.currentTimeMillis());
            ProcessorResult result = processor.voidPayment(expiry.id(), authorisation.processorTransactionId());
            log.info("Authorisation {} expired unused; voided: {}", command.authorisationId(), result.accepted());
            markVoided(expiry, result.processorTransactionId());
        } finally {
            operations.unlock();
        }
    }

    private void markVoided(CardOperation voidRequest, String processorTransactionId) {
        voided = true;
        status = PaymentSearchAttributes.statusChanged(searchable, status, VOIDED);
        records.recordOperation(command.clientId(), command.authorisationId(), CardTransactionType.VOID, voidRequest,
                VOIDED, processorTransactionId);
        records.updateStatus(command.authorisationId(), VOIDED);
        publish("payment.voided", voidRequest.id(), VOIDED, null);
    }

    private void requireValidCapture(CardOperation capture) {
        CardOperationChecks.requireCapturable(authorisation, voided, captured, command, capture);
    }

    private void requireVoidable() {
        CardOperationChecks.requireVoidable(authorisation, voided, captured);
    }

    private boolean fullyRefunded() {
        return !captures.isEmpty() && captures.values().stream().allMatch(c -> c.refunded.compareTo(c.amount) >= 0);
    }

    private static String requestKey(CardTransactionType type, String requestId) {
        return type + ":" + requestId;
    }

    private CardOperationResult exclusively(String requestKey, java.util.function.Supplier<CardOperationResult> operation) {
        operations.lock();
        try {
            CardOperationResult earlier = answered.get(requestKey);
            if (earlier != null) {
                return earlier;
            }
            CardOperationResult result = operation.get();
            answered.put(requestKey, result);
            return result;
        } finally {
            operations.unlock();
        }
    }

    private void publish(String type, String transactionId, CardTransactionStatus transactionStatus, BigDecimal amount) {
        publish(type, new CardTransactionEvent(command.authorisationId(), transactionId, command.requestId(),
                transactionStatus, amount == null ? null : amount.toPlainString(), command.currency()));
    }

    /** Events of one authorisation are delivered in order: its id is their ordering key. */
    private void publish(String type, Object data) {
        Notifications.publish(new EventCommand(Workflow.randomUUID().toString(), command.clientId(), type,
                command.authorisationId(), CardEvents.json(data), null, Workflow.currentTimeMillis()));
    }
}
