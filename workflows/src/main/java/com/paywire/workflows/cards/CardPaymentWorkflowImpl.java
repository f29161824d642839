package com.paywire.workflows.cards;

import static com.paywire.workflows.cards.CardTransactionStatus.AUTHORIZED;
import static com.paywire.workflows.cards.CardTransactionStatus.CAPTURED;
import static com.paywire.workflows.cards.CardTransactionStatus.DECLINED;
import static com.paywire.workflows.cards.CardTransactionStatus.REFUNDED;
import static com.paywire.workflows.cards.CardTransactionStatus.REFUND_FAILED;
import static com.paywire.workflows.cards.CardTransactionStatus.REFUND_INITIATED;
import static com.paywire.workflows.cards.CardTransactionStatus.VOIDED;

import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.cards.CardEvents.CardTransactionEvent;
import com.paywire.workflows.cards.CardAuthorisationCommand.ForCheckout;
import com.paywire.workflows.cards.CardEvents.FraudRejected;
import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.notifications.Notifications;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowLock;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
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

    private static final Logger log = Workflow.getLogger(CardPaymentWorkflowImpl.class);
    /** How long captured money may still be refunded (and the workflow stays open for it). */
    private static final Duration REFUND_WINDOW = Duration.ofDays(180);
    /** How long the processor has to settle a refund before it is left to reconciliation. */
    private static final Duration REFUND_SETTLEMENT_WINDOW = Duration.ofDays(1);
    /** Version 0: how often a refund the processor has not settled yet is looked at again, for a day. */
    private static final Duration REFUND_SETTLEMENT_CHECK = Duration.ofMinutes(1);
    private static final int REFUND_SETTLEMENT_CHECKS = 60 * 24;

    private final CardProcessorActivities processor = Workflow.newActivityStub(CardProcessorActivities.class,
            Policies.railCall(TaskQueues.CARDS, Duration.ofMinutes(2)));
    private final CardProcessorActivities settlements = Workflow.newActivityStub(CardProcessorActivities.class,
            Policies.awaitSettlement(TaskQueues.CARDS, REFUND_SETTLEMENT_WINDOW));
    private final CardRecordActivities records =
            Workflow.newActivityStub(CardRecordActivities.class, Policies.database(TaskQueues.CARDS));
    private final FraudScreenActivities fraud =
            Workflow.newActivityStub(FraudScreenActivities.class, Policies.database(TaskQueues.CARDS));
    private final CardLedgerActivities ledger =
            Workflow.newActivityStub(CardLedgerActivities.class, Policies.database(TaskQueues.CARDS));
    /** One capture, void or refund at a time: their checks and effects must not interleave. */
    private final WorkflowLock operations = Workflow.newWorkflowLock();

    private CardAuthorisationCommand command;
    private AuthorisationResult authorisation;
    private CardTransactionStatus status = CardTransactionStatus.PENDING;
    private boolean voided;
    /** Whether captures are credited: on the ledger, and not a checkout's (the checkout credits those). */
    private boolean capturesCredited;
    /** The checkout whose attempt this is gave up on it. */
    private boolean abandoned;
    private BigDecimal captured = BigDecimal.ZERO;
    /** Refunds the processor has not settled yet: the workflow may not end before they do. */
    private int unsettledRefunds;
    /** capture id → [processor capture id, amount captured, amount refunded (initiated or settled)] */
    private final Map<String, CaptureState> captures = new LinkedHashMap<>();
    /** TYPE:RequestId → the answer given: the same request twice gets the same answer. */
    private final Map<String, CardOperationResult> answered = new HashMap<>();
    /** Refund id → what its refund took back from the ledger, given back should the processor fail it. */
    private final Map<String, TakenBack> takenBack = new HashMap<>();

    private record TakenBack(CardRefundMoney money, BigDecimal feeShare) {
    }

    private static final class CaptureState {
        final String processorId;
        final BigDecimal amount;
        BigDecimal refunded = BigDecimal.ZERO;
        /** The fee shares the refunds in {@code refunded} returned. */
        BigDecimal feeReturned = BigDecimal.ZERO;

        CaptureState(String processorId, BigDecimal amount) {
            this.processorId = processorId;
            this.amount = amount;
        }
    }

    @Override
    public void run(CardAuthorisationCommand command) {
        this.command = command;
        capturesCredited = Workflow.getVersion(CAPTURES_ON_LEDGER, Workflow.DEFAULT_VERSION, 1) >= 1
                && command.checkout() == null;
        if (Workflow.getVersion(FRAUD_SCREEN_IN_WORKFLOW, Workflow.DEFAULT_VERSION, 1) >= 1
                && command.fraudScreening() != null && rejectedByFraudScreen()) {
            CheckoutAttempts.tell(command.checkout(), CheckoutAttempts.declined(authorisation));
            return;
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
        status = answer.status();
        authorisation = answer;
        if (!answer.authorised()) {
            CheckoutAttempts.tell(command.checkout(), CheckoutAttempts.declined(answer));
            return;
        }
        if (command.checkout() != null && command.checkout().checkoutWorkflowId() != null) {
            chargeForCheckout(command.checkout());
        }
        if (!Workflow.await(command.authorisationExpiry(), () -> captured.signum() > 0 || voided)) {
            expire();
        }
        if (!voided) {
            // a failed refund makes its amount refundable again, so only settled refunds close the payment
            Workflow.await(REFUND_WINDOW, () -> fullyRefunded() && unsettledRefunds == 0);
        }
        Workflow.await(() -> unsettledRefunds == 0 && Workflow.isEveryHandlerFinished());
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
        status = DECLINED;
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
            requireValidCapture(capture);
        }
    }

    @Override
    public CardOperationResult capture(CardOperation capture) {
        return exclusively(requestKey(CardTransactionType.CAPTURE, capture.requestId()), () -> {
            requireValidCapture(capture);
            ProcessorResult result = processor.capture(capture.id(), authorisation.processorTransactionId(), capture.amount());
            refusedUnlessAccepted(result, "capture");
            if (capturesCredited) {
                ledger.creditCapture(command.clientId(), capture.id(), capture.amount(), command.currency());
            }
            captured = captured.add(capture.amount());
            captures.put(capture.id(), new CaptureState(result.processorTransactionId(), capture.amount()));
            status = CAPTURED;
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
            requireVoidable();
        }
    }

    @Override
    public CardOperationResult voidAuthorisation(CardOperation voidRequest) {
        return exclusively(requestKey(CardTransactionType.VOID, voidRequest.requestId()), () -> {
            requireVoidable();
            ProcessorResult result = processor.voidPayment(voidRequest.id(), authorisation.processorTransactionId());
            refusedUnlessAccepted(result, "void");
            markVoided(voidRequest, result.processorTransactionId());
            return new CardOperationResult(voidRequest.id(), VOIDED, null, command.currency());
        });
    }

    @Override
    public void validateRefund(CardOperation refund) {
        if (!answered.containsKey(requestKey(CardTransactionType.REFUND, refund.requestId()))) {
            requireValidRefund(refund);
        }
    }

    @Override
    public CardOperationResult refund(CardOperation refund) {
        return exclusively(requestKey(CardTransactionType.REFUND, refund.requestId()), () -> refund(refund, true));
    }

    /** @param takeBack whether the refund takes back what the capture was credited (not when nothing was) */
    private CardOperationResult refund(CardOperation refund, boolean takeBack) {
        requireValidRefund(refund);
        CaptureState capture = captures.get(refund.captureId());
        CardRefundMoney money = takeBack
                && Workflow.getVersion(REFUNDS_ON_LEDGER, Workflow.DEFAULT_VERSION, 1) >= 1
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
        refusedUnlessAccepted(result, "refund");
        // counted as unsettled before it counts as refunded: the main method must never see it refunded and settled
        unsettledRefunds++;
        capture.refunded = capture.refunded.add(refund.amount());
        capture.feeReturned = capture.feeReturned.add(feeShare);
        if (money != null) {
            takenBack.put(refund.id(), new TakenBack(money, feeShare));
        }
        records.recordOperation(command.clientId(), command.authorisationId(), CardTransactionType.REFUND, refund,
                REFUND_INITIATED, result.processorTransactionId());
        publish("payment.refund_initiated", refund.id(), REFUND_INITIATED, refund.amount());
        Async.procedure(this::awaitRefundSettlement, refund, result.processorTransactionId());
        return new CardOperationResult(refund.id(), REFUND_INITIATED, refund.amount(), command.currency());
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
            unsettledRefunds--;
        }
    }

    private void settleByRetries(CardOperation refund, String processorRefundId) {
        try {
            settled(refund, settlements.settledRefund(processorRefundId));
        } catch (ActivityFailure unsettled) {
            log.warn("Refund {} not settled by the processor within {}", refund.id(), REFUND_SETTLEMENT_WINDOW);
        }
    }

    /** Version 0, for workflows that started before SETTLEMENT_BY_RETRY. */
    private void settleOnTimers(CardOperation refund, String processorRefundId) {
        for (int check = 0; check < REFUND_SETTLEMENT_CHECKS; check++) {
            Workflow.sleep(REFUND_SETTLEMENT_CHECK);
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
        status = VOIDED;
        records.recordOperation(command.clientId(), command.authorisationId(), CardTransactionType.VOID, voidRequest,
                VOIDED, processorTransactionId);
        records.updateStatus(command.authorisationId(), VOIDED);
        publish("payment.voided", voidRequest.id(), VOIDED, null);
    }

    private void requireValidCapture(CardOperation capture) {
        requireAuthorised("captured");
        if (voided) {
            throw invalid("The authorisation was voided; it cannot be captured.");
        }
        if (capture.amount() == null || capture.amount().signum() <= 0) {
            throw invalid("The capture amount must be positive.");
        }
        if (captured.add(capture.amount()).compareTo(command.amount()) > 0) {
            throw invalid("The capture amount " + capture.amount() + " is more than the "
                    + command.amount().subtract(captured) + " " + command.currency() + " left of the authorisation.");
        }
    }

    private void requireVoidable() {
        requireAuthorised("voided");
        if (voided) {
            throw invalid("The authorisation was already voided.");
        }
        if (captured.signum() > 0) {
            throw invalid("The authorisation was captured; refund the capture instead of voiding.");
        }
    }

    private void requireValidRefund(CardOperation refund) {
        CaptureState capture = captures.get(refund.captureId());
        if (capture == null) {
            throw invalid("No capture " + refund.captureId() + " on this authorisation.");
        }
        if (refund.amount() == null || refund.amount().signum() <= 0) {
            throw invalid("The refund amount must be positive.");
        }
        BigDecimal refundable = capture.amount.subtract(capture.refunded);
        if (refund.amount().compareTo(refundable) > 0) {
            throw invalid("The refund amount " + refund.amount() + " is more than the " + refundable + " "
                    + command.currency() + " refundable on capture " + refund.captureId() + ".");
        }
    }

    private void requireAuthorised(String what) {
        if (authorisation == null || !authorisation.authorised()) {
            throw invalid("The authorisation was not approved; it cannot be " + what + ".");
        }
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

    private static void refusedUnlessAccepted(ProcessorResult result, String what) {
        if (!result.accepted()) {
            throw ApplicationFailure.newNonRetryableFailure("The processor refused the " + what + ": "
                    + result.errorCode() + " " + result.errorMessage(), CardFailures.PROCESSOR_REFUSED);
        }
    }

    private static ApplicationFailure invalid(String message) {
        return ApplicationFailure.newNonRetryableFailure(message, CardFailures.INVALID_OPERATION);
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
