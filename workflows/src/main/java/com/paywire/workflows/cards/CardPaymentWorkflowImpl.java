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
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.cards.CardAuthorisationCommand.ForCheckout;
import com.paywire.workflows.cards.CardEvents.CardTransactionEvent;
import com.paywire.workflows.cards.CardEvents.FraudRejected;
import com.paywire.workflows.cards.CardPaymentState.TakenBack;
import com.paywire.workflows.cards.CardPaymentState.UnsettledRefund;
import com.paywire.workflows.checkout.CheckoutActivities;
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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    /**
     * Version 1: every rule that could refuse a capture runs, and its credit is held, before the processor is asked;
     * the processor's answer posts or releases the hold, and an unknown outcome keeps it held while the processor is
     * asked again (before, the processor captured first and the credit was written after, so a capture Paywire's
     * own rules refused had already been made). Asked at each capture.
     */
    private static final String CAPTURE_HELD_FIRST = "capture-held-before-processor";
    /**
     * Version 1: a refund is held on the ledger until the processor answers: posted when it takes the refund,
     * released when it refuses, kept held (and the refund initiated) while it cannot be reached (before, the money
     * was taken back first, and an unreachable processor left it taken with the refund refused). Asked at each refund.
     */
    private static final String REFUND_HELD_FIRST = "refund-held-before-processor";
    /**
     * Version 1: a checkout attempt's capture is held too, before the processor is asked: the whole amount from the
     * card settlement to the checkout payments' account, where it waits for its order (which credits the merchant),
     * or is owed back or refunded (before, nothing was on the ledger until the order completed). Asked at the
     * checkout's capture, and kept for the payment's later runs.
     */
    static final String CHECKOUT_CAPTURE_HELD = "checkout-capture-held";
    /**
     * Version 1: a capture or refund the processor never answered about within
     * {@link Policies#CARD_PROCESSOR_ANSWER_WINDOW} is referred to operators (recorded on its row, kept in the state)
     * and the run waits for one to resolve it ({@link #resolveReferred}) (before, it was only logged, its hold kept
     * with nobody to decide it). Asked when the window ends without an answer.
     */
    private static final String UNANSWERED_REFERRED = "unanswered-card-operations-referred";

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
    /** The processor asked again about a capture or refund whose answer was lost, by its reference: made once. */
    private final CardProcessorActivities lateAnswers = Workflow.newActivityStub(CardProcessorActivities.class,
            Policies.awaitSettlement(TaskQueues.CARDS, Policies.CARD_PROCESSOR_ANSWER_WINDOW));
    private final CheckoutActivities checkouts =
            Workflow.newActivityStub(CheckoutActivities.class, Policies.database(TaskQueues.COLLECTIONS));
    /** One capture, void or refund at a time: their checks and effects must not interleave. */
    private final WorkflowLock operations = Workflow.newWorkflowLock();

    private final CardAuthorisationCommand command;
    private AuthorisationResult authorisation;
    private CardTransactionStatus status = CardTransactionStatus.PENDING;
    private boolean voided;
    private boolean searchable; // whether this run keeps its PaymentStatus up to date (PaymentSearchAttributes)
    /** Whether captures are credited: on the ledger, and not a checkout's (the checkout credits those). */
    private boolean capturesCredited;
    /** From CHECKOUT_CAPTURE_HELD: the checkout's capture is held for its order, not credited by itself. */
    private boolean heldForCheckout;
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
     * Captures whose outcome the processor has not told yet (from CAPTURE_HELD_FIRST), by capture id: their credit is
     * held and the authorisation keeps room for them until it does.
     */
    private final Map<String, CardOperation> capturesAwaitingAnswer = new LinkedHashMap<>();
    /** Captures the processor refused once asked again: a checkout's attempt waiting on one is told so. */
    private final Set<String> refusedCaptures = new HashSet<>();
    /**
     * Captures the processor never answered about, referred to operators (from UNANSWERED_REFERRED), by capture id:
     * their credit stays held and counts in {@code captured} (the processor may hold it) until an operator decides.
     */
    private final Map<String, CardOperation> referredCaptures = new LinkedHashMap<>();
    /** Refunds the processor never answered about, referred to operators, by refund id: still held and initiated. */
    private final Map<String, UnsettledRefund> referredRefunds = new LinkedHashMap<>();

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
            heldForCheckout = Boolean.TRUE.equals(carried.heldForCheckout());
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
            if (carried.capturesAwaitingAnswer() != null) {
                carried.capturesAwaitingAnswer().forEach(c -> capturesAwaitingAnswer.put(c.id(), c));
            }
            if (carried.referredCaptures() != null) {
                carried.referredCaptures().forEach(c -> referredCaptures.put(c.id(), c));
            }
            if (carried.referredRefunds() != null) {
                carried.referredRefunds().forEach(r -> {
                    referredRefunds.put(r.refund().id(), r);
                    if (r.takenBack() != null) {
                        takenBack.put(r.refund().id(), r.takenBack());
                    }
                });
            }
        }
    }

    @Override
    public void run(CardAuthorisationCommand command) {
        searchable = PaymentSearchAttributes.setByTheWorkflow();
        if (command.carried() != null) {
            // the last run's waits ended with it: ask the processor again about each refund and capture
            List.copyOf(unsettled.values()).forEach(r -> {
                if (r.processorRefundId() == null) { // its answer was lost: it may not have been made yet
                    Async.procedure(this::askAgainAboutRefund, r.refund(),
                            captures.get(r.refund().captureId()).processorId);
                } else {
                    Async.procedure(this::awaitRefundSettlement, r.refund(), r.processorRefundId());
                }
            });
            List.copyOf(capturesAwaitingAnswer.values()).forEach(c -> Async.procedure(this::askAgainAboutCapture, c));
        } else if (!authorisedAndCapturedOrVoided()) {
            return;
        }
        if (!voided) {
            awaitRefunds();
        }
        // a referred operation keeps the run open for its operator's word (none are referred in older histories)
        Workflow.await(() -> unsettled.isEmpty() && capturesAwaitingAnswer.isEmpty() && referredCaptures.isEmpty()
                && referredRefunds.isEmpty() && Workflow.isEveryHandlerFinished());
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
        publish(answer.authorised() ? EventType.PAYMENT_AUTHORISED : EventType.PAYMENT_AUTHORISATION_FAILED,
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
        if (!Workflow.await(command.authorisationExpiry(), () -> committed().signum() > 0 || voided)) {
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
        // a referred operation's decision may leave more to capture or refund (none are referred in older histories)
        return fullyRefunded() && unsettled.isEmpty() && capturesAwaitingAnswer.isEmpty()
                && referredCaptures.isEmpty() && referredRefunds.isEmpty();
    }

    private boolean historyTooLong() {
        int limit = command.historyEventLimit() == null ? Policies.CARD_PAYMENT_HISTORY_LIMIT
                : command.historyEventLimit();
        return Workflow.getInfo().isContinueAsNewSuggested() || Workflow.getInfo().getHistoryLength() > limit;
    }

    private CardPaymentState handedOn() {
        return new CardPaymentState(authorisation, status, voided, capturesCredited, refundsTakeBack(), abandoned,
                captured, captures.entrySet().stream().map(c -> c.getValue().handedOn(c.getKey())).toList(),
                new LinkedHashMap<>(answered), List.copyOf(unsettled.values()), refundWindowEndsMillis,
                List.copyOf(capturesAwaitingAnswer.values()), heldForCheckout, List.copyOf(referredCaptures.values()),
                List.copyOf(referredRefunds.values()));
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
        publish(EventType.FRAUD_REJECTED, FraudRejected.of(decision, command.authorisationId()));
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
            if (Workflow.getVersion(CAPTURE_HELD_FIRST, Workflow.DEFAULT_VERSION, 1) >= 1) {
                return heldThenCaptured(capture);
            }
            ProcessorResult result = processor.capture(capture.id(), authorisation.processorTransactionId(), capture.amount());
            CardFailures.refusedUnlessAccepted(result, "capture");
            if (capturesCredited) {
                ledger.creditCapture(command.clientId(), capture.id(), capture.amount(), command.currency());
            }
            return captured(capture, result.processorTransactionId());
        });
    }

    /**
     * Two phases: Paywire's own rules (the amount, its card fee band) are checked and the credit held before the
     * processor is asked; its answer posts or releases the hold. A processor that cannot be reached through its
     * retries leaves the outcome unknown: the hold stays, the capture is answered PENDING, and the processor is asked
     * again ({@link #askAgainAboutCapture}). A checkout's capture is credited by its checkout: from
     * CHECKOUT_CAPTURE_HELD it is held for its order instead (only checked before).
     */
    private CardOperationResult heldThenCaptured(CardOperation capture) {
        if (!capturesCredited && command.checkout() != null
                && Workflow.getVersion(CHECKOUT_CAPTURE_HELD, Workflow.DEFAULT_VERSION, 1) >= 1) {
            heldForCheckout = true;
        }
        if (capturesCredited) {
            ledger.holdCapture(command.clientId(), capture.id(), capture.amount(), command.currency());
        } else if (heldForCheckout) {
            ledger.holdCheckoutCapture(command.clientId(), capture.id(), capture.amount(), command.currency());
        } else {
            ledger.checkCapture(capture.amount());
        }
        ProcessorResult result;
        try {
            result = processor.capture(capture.id(), authorisation.processorTransactionId(), capture.amount());
        } catch (ActivityFailure unreachable) {
            log.warn("Capture {} of {}: no answer from the processor; its credit stays held while it is asked again",
                    capture.id(), command.authorisationId());
            capturesAwaitingAnswer.put(capture.id(), capture);
            records.recordOperation(command.clientId(), command.authorisationId(), CardTransactionType.CAPTURE,
                    capture, CardTransactionStatus.PENDING, null);
            Async.procedure(this::askAgainAboutCapture, capture);
            return new CardOperationResult(capture.id(), CardTransactionStatus.PENDING, capture.amount(),
                    command.currency());
        }
        if (!result.accepted() && capturesHeld()) {
            releaseCapture(capture);
        }
        CardFailures.refusedUnlessAccepted(result, "capture");
        if (capturesHeld()) {
            ledger.settleCapture(command.clientId(), capture.id(), capture.amount(), command.currency());
        }
        return captured(capture, result.processorTransactionId());
    }

    /**
     * Asks the processor again, by the capture's reference, what became of a capture whose answer was lost (it
     * captures it then if it never arrived, as the merchant was answered PENDING): its answer posts or releases the
     * held credit. No answer within {@link Policies#CARD_PROCESSOR_ANSWER_WINDOW} leaves the credit held and the
     * capture PENDING, referred to operators (from UNANSWERED_REFERRED; before, only logged).
     */
    private void askAgainAboutCapture(CardOperation capture) {
        ProcessorResult result;
        try {
            result = lateAnswers.capture(capture.id(), authorisation.processorTransactionId(), capture.amount());
        } catch (ActivityFailure stillUnknown) {
            log.error("Capture {} of {}: the processor did not answer within {}; its credit stays held and the "
                    + "capture PENDING, for an operator", capture.id(), command.authorisationId(),
                    Policies.CARD_PROCESSOR_ANSWER_WINDOW);
            boolean referred = Workflow.getVersion(UNANSWERED_REFERRED, Workflow.DEFAULT_VERSION, 1) >= 1;
            if (referred) {
                // put before it leaves the awaited ones: the run and a checkout's attempt keep waiting, now for an operator
                referredCaptures.put(capture.id(), capture);
            }
            capturesAwaitingAnswer.remove(capture.id());
            // the processor may hold it: it keeps its part of the authorisation, which is never voided under it
            captured = captured.add(capture.amount());
            if (referred) {
                records.referToOperators(capture.id(), capture.requestedAtMillis(), Workflow.currentTimeMillis());
            }
            return;
        }
        operations.lock();
        try {
            // still awaited until its state says what became of it: a checkout's attempt waits on this, and the
            // ledger's activity below lets it run
            if (!result.accepted()) {
                log.info("Capture {} of {} refused by the processor once asked again: {} {}", capture.id(),
                        command.authorisationId(), result.errorCode(), result.errorMessage());
            }
            captureAnsweredLate(capture, result.accepted(), result.processorTransactionId(),
                    () -> capturesAwaitingAnswer.remove(capture.id()));
        } finally {
            operations.unlock();
        }
    }

    /** Whether a capture's money is held before the processor is asked: the merchant's credit, or its checkout's. */
    private boolean capturesHeld() {
        return capturesCredited || heldForCheckout;
    }

    /**
     * The word on a capture whose answer was lost, from the processor asked again or from an operator: captured, its
     * held money is posted and it counts; refused, the hold is released and it is declined (a checkout's attempt
     * waiting on it is told either way, through {@link #awaitedCapture}).
     *
     * @param processorCaptureId the processor's id of the capture; null when an operator said it captured
     * @param answered           takes it out of those awaited, once the ledger says what became of it and before its
     *                           state does: a checkout's attempt waiting on it then reads that state
     */
    private void captureAnsweredLate(CardOperation capture, boolean accepted, String processorCaptureId,
                                     Runnable answered) {
        if (!accepted) {
            if (capturesHeld()) {
                releaseCapture(capture);
            }
            refusedCaptures.add(capture.id());
            answered.run();
            records.updateStatus(capture.id(), DECLINED);
            return;
        }
        if (capturesHeld()) {
            ledger.settleCapture(command.clientId(), capture.id(), capture.amount(), command.currency());
        }
        answered.run();
        captured(capture, processorCaptureId);
    }

    private void releaseCapture(CardOperation capture) {
        ledger.releaseCapture(command.clientId(), capture.id(), capture.amount(), command.currency());
    }

    /** The processor captured: the capture counts, is recorded, and its event published. */
    private CardOperationResult captured(CardOperation capture, String processorCaptureId) {
        captured = captured.add(capture.amount());
        captures.put(capture.id(), new CaptureState(processorCaptureId, capture.amount()));
        status = PaymentSearchAttributes.statusChanged(searchable, status, CAPTURED);
        records.recordOperation(command.clientId(), command.authorisationId(), CardTransactionType.CAPTURE,
                capture, CAPTURED, processorCaptureId);
        records.updateStatus(command.authorisationId(), CAPTURED);
        publish(EventType.PAYMENT_CAPTURED, capture.id(), CAPTURED, capture.amount());
        return new CardOperationResult(capture.id(), CAPTURED, capture.amount(), command.currency());
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
            CardOperationRefused.unless(() -> requireAnsweredCapture(refund.captureId()));
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
        if (Workflow.getVersion(REFUND_HELD_FIRST, Workflow.DEFAULT_VERSION, 1) >= 1) {
            return heldThenRefunded(refund, capture, money);
        }
        // taken back before the processor is asked: a refund the merchant cannot cover never reaches the payer
        BigDecimal feeShare = money == null ? BigDecimal.ZERO : ledger.takeBackRefund(money);
        ProcessorResult result = processor.refund(refund.id(), capture.processorId, refund.amount());
        if (!result.accepted() && money != null) {
            ledger.giveBackRefund(money, capture.refunded);
        }
        CardFailures.refusedUnlessAccepted(result, "refund");
        initiated(refund, capture, money == null ? null : new TakenBack(money, feeShare),
                result.processorTransactionId());
        Async.procedure(this::awaitRefundSettlement, refund, result.processorTransactionId());
        return new CardOperationResult(refund.id(), REFUND_INITIATED, refund.amount(), command.currency());
    }

    /**
     * Two phases: the refund is held on the ledger (a refund the merchant cannot cover is refused here, before the
     * processor is asked), posted when the processor takes it, released when it refuses. A processor that cannot be
     * reached through its retries leaves the hold in place and the refund initiated: the money has not left, and the
     * processor is asked again ({@link #askAgainAboutRefund}), so the merchant is never refused after it moved.
     */
    private CardOperationResult heldThenRefunded(CardOperation refund, CaptureState capture, CardRefundMoney money) {
        TakenBack held = money == null ? null : new TakenBack(money, ledger.holdRefund(money));
        ProcessorResult result;
        try {
            result = processor.refund(refund.id(), capture.processorId, refund.amount());
        } catch (ActivityFailure unreachable) {
            log.warn("Refund {} of {}: no answer from the processor; it stays held and initiated while it is asked "
                    + "again", refund.id(), refund.captureId());
            initiated(refund, capture, held, null);
            Async.procedure(this::askAgainAboutRefund, refund, capture.processorId);
            return new CardOperationResult(refund.id(), REFUND_INITIATED, refund.amount(), command.currency());
        }
        if (!result.accepted() && money != null) {
            ledger.releaseRefund(money);
        }
        CardFailures.refusedUnlessAccepted(result, "refund");
        if (money != null) {
            ledger.settleRefund(money);
        }
        initiated(refund, capture, held, result.processorTransactionId());
        Async.procedure(this::awaitRefundSettlement, refund, result.processorTransactionId());
        return new CardOperationResult(refund.id(), REFUND_INITIATED, refund.amount(), command.currency());
    }

    /**
     * The refund counts as initiated: unsettled until the processor settles it, and its amount no longer refundable.
     *
     * @param processorRefundId null while the processor's answer is awaited ({@link #askAgainAboutRefund})
     */
    private void initiated(CardOperation refund, CaptureState capture, TakenBack taken, String processorRefundId) {
        // counted as unsettled before it counts as refunded: the main method must never see it refunded and settled
        unsettled.put(refund.id(), new UnsettledRefund(refund, processorRefundId, taken));
        capture.refunded = capture.refunded.add(refund.amount());
        capture.feeReturned = capture.feeReturned.add(taken == null ? BigDecimal.ZERO : taken.feeShare());
        if (taken != null) {
            takenBack.put(refund.id(), taken);
        }
        records.recordOperation(command.clientId(), command.authorisationId(), CardTransactionType.REFUND, refund,
                REFUND_INITIATED, processorRefundId);
        publish(EventType.PAYMENT_REFUND_INITIATED, refund.id(), REFUND_INITIATED, refund.amount());
    }

    /**
     * Asks the processor again, by the refund's reference, what became of a refund whose answer was lost (it makes
     * the refund then if it never arrived, as the merchant was told it was initiated). Taken: its hold is posted and
     * its settlement awaited; refused: its hold is released and the refund failed. No answer within
     * {@link Policies#CARD_PROCESSOR_ANSWER_WINDOW} leaves the hold and the refund initiated, referred to operators
     * (from UNANSWERED_REFERRED; before, only logged).
     */
    private void askAgainAboutRefund(CardOperation refund, String processorCaptureId) {
        ProcessorResult result;
        try {
            result = lateAnswers.refund(refund.id(), processorCaptureId, refund.amount());
        } catch (ActivityFailure stillUnknown) {
            log.error("Refund {} of {}: the processor did not answer within {}; its hold stays and the refund "
                    + "initiated, for an operator", refund.id(), refund.captureId(),
                    Policies.CARD_PROCESSOR_ANSWER_WINDOW);
            boolean referred = Workflow.getVersion(UNANSWERED_REFERRED, Workflow.DEFAULT_VERSION, 1) >= 1;
            if (referred) {
                referredRefunds.put(refund.id(), unsettled.get(refund.id()));
            }
            unsettled.remove(refund.id());
            if (referred) {
                records.referToOperators(refund.id(), refund.requestedAtMillis(), Workflow.currentTimeMillis());
            }
            return;
        }
        operations.lock();
        try {
            TakenBack held = takenBack.get(refund.id());
            if (!refundAnsweredLate(refund, result.accepted())) {
                return;
            }
            unsettled.put(refund.id(), new UnsettledRefund(refund, result.processorTransactionId(), held));
            records.recordOperation(command.clientId(), command.authorisationId(), CardTransactionType.REFUND, refund,
                    REFUND_INITIATED, result.processorTransactionId());
        } finally {
            operations.unlock();
        }
        awaitRefundSettlement(refund, result.processorTransactionId());
    }

    /**
     * The word on a refund whose answer was lost, from the processor asked again or from an operator: taken, its
     * holds are posted; refused, they are released, its amount is refundable again and the refund failed.
     *
     * @return whether it was taken
     */
    private boolean refundAnsweredLate(CardOperation refund, boolean accepted) {
        TakenBack held = takenBack.get(refund.id());
        if (!accepted) {
            unsettled.remove(refund.id());
            CaptureState capture = captures.get(refund.captureId());
            capture.refunded = capture.refunded.subtract(refund.amount());
            if (held != null) {
                takenBack.remove(refund.id());
                capture.feeReturned = capture.feeReturned.subtract(held.feeShare());
                ledger.releaseRefund(held.money());
                oweBackIfNoOrderTook(held.money());
            }
            records.updateStatus(refund.id(), REFUND_FAILED);
            publish(EventType.PAYMENT_REFUND_FAILED, refund.id(), REFUND_FAILED, refund.amount());
            return false;
        }
        if (held != null) {
            ledger.settleRefund(held.money());
        }
        return true;
    }

    @Override
    public void validateResolveReferred(OperatorResolution resolution) {
        CardOperationRefused.unless(() -> requireReferred(resolution.paymentId()));
    }

    /**
     * Applies an operator's word on a referred capture or refund as the processor's late answer would have been
     * applied: a capture PAID is posted and captured (a checkout's attempt then goes on as after a late capture),
     * NOT_PAID released and declined; a refund PAID is posted and refunded, NOT_PAID released and failed.
     */
    @Override
    public CardOperationResult resolveReferred(OperatorResolution resolution) {
        operations.lock();
        try {
            requireReferred(resolution.paymentId()); // another resolution may have come between validation and here
            log.info("Card operation {} of {} resolved by an operator: {} ({})", resolution.paymentId(),
                    command.authorisationId(), resolution.paid() ? "PAID" : "NOT_PAID", resolution.reference());
            CardOperation capture = referredCaptures.get(resolution.paymentId());
            if (capture != null) {
                // the referral kept its part of the authorisation; the decision counts it again or frees it
                // the operator's reference is the processor's id of the capture: its refunds name it
                captureAnsweredLate(capture, resolution.paid(), resolution.reference(), () -> {
                    referredCaptures.remove(capture.id());
                    captured = captured.subtract(capture.amount());
                });
                return new CardOperationResult(capture.id(), resolution.paid() ? CAPTURED : DECLINED,
                        capture.amount(), command.currency());
            }
            CardOperation refund = referredRefunds.remove(resolution.paymentId()).refund();
            if (refundAnsweredLate(refund, resolution.paid())) {
                records.updateStatus(refund.id(), REFUNDED);
                return new CardOperationResult(refund.id(), REFUNDED, refund.amount(), command.currency());
            }
            return new CardOperationResult(refund.id(), REFUND_FAILED, refund.amount(), command.currency());
        } finally {
            operations.unlock();
        }
    }

    /** A capture still PENDING (its answer awaited or referred) may not be refunded yet: say so, not "no capture". */
    private void requireAnsweredCapture(String captureId) {
        if (!captures.containsKey(captureId) && (capturesAwaitingAnswer.containsKey(captureId)
                || referredCaptures.containsKey(captureId))) {
            throw CardFailures.invalid("The capture " + captureId + " is still PENDING: the processor has not said "
                    + "whether it captured it. Refund it once it is CAPTURED.");
        }
    }

    private void requireReferred(String operationId) {
        if (!referredCaptures.containsKey(operationId) && !referredRefunds.containsKey(operationId)) {
            throw CardFailures.invalid("The card operation " + operationId + " is not referred to operators and "
                    + "undecided (it may have been resolved already); nothing was changed.");
        }
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
            oweBackIfNoOrderTook(taken.money());
        }
        records.updateStatus(refund.id(), REFUND_FAILED);
        publish(EventType.PAYMENT_REFUND_FAILED, refund.id(), REFUND_FAILED, refund.amount());
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
            CardOperationResult result = capture(new CardOperation(checkout.captureId(), checkout.captureRequestId(),
                    command.amount(), null, Workflow.currentTimeMillis()));
            if (result.status() == CardTransactionStatus.PENDING && !awaitedCapture(checkout)) {
                return;
            }
        } catch (ApplicationFailure | ActivityFailure refused) {
            log.warn("Checkout attempt {}: capture of {} refused; releasing it", checkout.attemptId(),
                    command.authorisationId(), refused);
            release(checkout);
            CheckoutAttempts.tell(checkout, CheckoutAttempts.captureRefused(authorisation, refused.getMessage()));
            return;
        }
        if (!abandoned) {
            boolean heard = CheckoutAttempts.tell(checkout, CheckoutAttempts.paid(authorisation, checkout.captureId()));
            if (!heard && Workflow.getVersion(CheckoutAttempts.ENDED_CHECKOUT_OWED_BACK, Workflow.DEFAULT_VERSION, 1)
                    >= 1) {
                // the order ended without this payment: it is owed back to the payer, as a late prompt payment is
                checkouts.oweBackLateCardPayment(checkout.checkoutId(), checkout.captureId());
            }
            return;
        }
        CardOperation refund = new CardOperation(checkout.refundId(), checkout.refundRequestId(), command.amount(),
                checkout.captureId(), Workflow.currentTimeMillis());
        try {
            exclusively(requestKey(CardTransactionType.REFUND, refund.requestId()),
                    () -> heldForCheckout ? refundNoOrderTook(refund) : refund(refund, false));
        } catch (ApplicationFailure | ActivityFailure failed) {
            log.error("Checkout attempt {} given up on after its capture {}, and the refund failed: for an operator",
                    checkout.attemptId(), checkout.captureId(), failed);
            if (heldForCheckout) {
                checkouts.oweBackLateCardPayment(checkout.checkoutId(), checkout.captureId());
            }
        }
    }

    /**
     * The whole capture of an attempt its checkout gave up on, refunded in two phases from the checkout payments'
     * account, where it waits: a refund naming no checkout is of money no order took ({@code CardMoney}).
     */
    private CardOperationResult refundNoOrderTook(CardOperation refund) {
        CaptureState capture = captures.get(refund.captureId());
        CaptureState.requireRefundable(capture, refund, command.currency());
        return heldThenRefunded(refund, capture, new CardRefundMoney(command.clientId(), null, refund.captureId(),
                refund.id(), refund.amount(), capture.refunded, capture.feeReturned));
    }

    /**
     * A refund of a capture no order took ({@link #refundNoOrderTook}) that came to nothing: its money is back on
     * the checkout payments' account, so it is owed back to the payer, as any capture no order can take.
     */
    private void oweBackIfNoOrderTook(CardRefundMoney refund) {
        if (heldForCheckout && refund.checkoutId() == null && command.checkout() != null) {
            checkouts.oweBackLateCardPayment(command.checkout().checkoutId(), refund.captureId());
        }
    }

    /**
     * A checkout's capture whose answer the processor's retries did not bring: waits while the processor is asked
     * again. True once it captured (the checkout hears of it as of any capture, late or not); refused, the
     * checkout's refusal follows; never answered, false: the capture stays PENDING for an operator, and nothing is
     * voided that the processor may have captured. From UNANSWERED_REFERRED a capture never answered is referred
     * and this waits on for the operator's word, which then counts as the processor's.
     */
    private boolean awaitedCapture(ForCheckout checkout) {
        // referred, it waits for the operator's word as for the processor's (none are referred in older histories)
        Workflow.await(() -> !capturesAwaitingAnswer.containsKey(checkout.captureId())
                && !referredCaptures.containsKey(checkout.captureId()));
        if (captures.containsKey(checkout.captureId())) {
            return true;
        }
        if (!refusedCaptures.contains(checkout.captureId())) {
            log.error("Checkout attempt {}: the processor never said whether it captured {}; for an operator",
                    checkout.attemptId(), checkout.captureId());
            return false;
        }
        throw CardFailures.invalid("The processor refused the capture " + checkout.captureId() + " once asked again.");
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
            if (committed().signum() > 0 || voided) {
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
        publish(EventType.PAYMENT_VOIDED, voidRequest.id(), VOIDED, null);
    }

    private void requireValidCapture(CardOperation capture) {
        CardOperationChecks.requireCapturable(authorisation, voided, committed(), command, capture);
    }

    private void requireVoidable() {
        CardOperationChecks.requireVoidable(authorisation, voided, committed());
    }

    /** What the captures took, and what those whose outcome is unknown may have: the processor may hold it. */
    private BigDecimal committed() {
        return capturesAwaitingAnswer.values().stream().map(CardOperation::amount).reduce(captured, BigDecimal::add);
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

    private void publish(EventType type, String transactionId, CardTransactionStatus transactionStatus,
                         BigDecimal amount) {
        publish(type, new CardTransactionEvent(command.authorisationId(), transactionId, command.requestId(),
                transactionStatus, amount == null ? null : amount.toPlainString(), command.currency()));
    }

    /** Events of one authorisation are delivered in order: its id is their ordering key. */
    private void publish(EventType type, Object data) {
        Notifications.publish(new EventCommand(Workflow.randomUUID().toString(), command.clientId(), type.wireName(),
                command.authorisationId(), CardEvents.json(data), null, Workflow.currentTimeMillis()));
    }
}
