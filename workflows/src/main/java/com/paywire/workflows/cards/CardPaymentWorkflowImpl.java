package com.paywire.workflows.cards;

import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
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

    /** An Update refused for the state it found: the API answers it as a client error. */
    public static final String INVALID_OPERATION = "InvalidCardOperation";
    /** The processor refused the operation. */
    public static final String PROCESSOR_REFUSED = "ProcessorRefused";

    private static final Logger log = Workflow.getLogger(CardPaymentWorkflowImpl.class);
    /** How long captured money may still be refunded (and the workflow stays open for it). */
    private static final Duration REFUND_WINDOW = Duration.ofDays(180);
    /** How often a refund the processor has not settled yet is looked at again. */
    private static final Duration REFUND_SETTLEMENT_CHECK = Duration.ofMinutes(1);
    private static final int REFUND_SETTLEMENT_CHECKS = 60 * 24;

    private final CardProcessorActivities processor = Workflow.newActivityStub(CardProcessorActivities.class,
            Policies.railCall(TaskQueues.CARDS, Duration.ofMinutes(2)));
    private final CardRecordActivities records =
            Workflow.newActivityStub(CardRecordActivities.class, Policies.database(TaskQueues.CARDS));
    /** One capture, void or refund at a time: their checks and effects must not interleave. */
    private final WorkflowLock operations = Workflow.newWorkflowLock();

    private CardAuthorisationCommand command;
    private AuthorisationResult authorisation;
    private String status = "PENDING";
    private boolean voided;
    private BigDecimal captured = BigDecimal.ZERO;
    /** Refunds the processor has not settled yet: the workflow may not end before they do. */
    private int unsettledRefunds;
    /** capture id → [processor capture id, amount captured, amount refunded (initiated or settled)] */
    private final Map<String, CaptureState> captures = new LinkedHashMap<>();
    /** "TYPE:RequestId" → the answer given: the same request twice gets the same answer. */
    private final Map<String, CardOperationResult> answered = new HashMap<>();

    private static final class CaptureState {
        final String processorId;
        final BigDecimal amount;
        BigDecimal refunded = BigDecimal.ZERO;

        CaptureState(String processorId, BigDecimal amount) {
            this.processorId = processorId;
            this.amount = amount;
        }
    }

    @Override
    public void run(CardAuthorisationCommand command) {
        this.command = command;
        ProcessorResult result = processor.authorise(command.authorisationId(), command.processorInstrumentId(),
                command.amount(), command.currency(), command.cavv());
        AuthorisationResult answer = new AuthorisationResult(command.authorisationId(),
                result.accepted() ? AuthorisationResult.AUTHORIZED : AuthorisationResult.DECLINED,
                result.responseCode(), result.avsCode(), result.cvnCode(), result.errorCode(), result.errorMessage(),
                result.processorTransactionId());
        records.recordAuthorisation(command, answer);
        publish(answer.authorised() ? "payment.authorised" : "payment.authorisation_failed",
                command.authorisationId(), answer.status(), command.amount());
        status = answer.status();
        authorisation = answer;
        if (!answer.authorised()) {
            return;
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

    @Override
    public AuthorisationResult authorisation() {
        Workflow.await(() -> authorisation != null);
        return authorisation;
    }

    @Override
    public void validateCapture(CardOperation capture) {
        if (!answered.containsKey("CAPTURE:" + capture.requestId())) {
            requireValidCapture(capture);
        }
    }

    @Override
    public CardOperationResult capture(CardOperation capture) {
        return exclusively("CAPTURE:" + capture.requestId(), () -> {
            requireValidCapture(capture);
            ProcessorResult result = processor.capture(capture.id(), authorisation.processorTransactionId(), capture.amount());
            refusedUnlessAccepted(result, "capture");
            captured = captured.add(capture.amount());
            captures.put(capture.id(), new CaptureState(result.processorTransactionId(), capture.amount()));
            status = "CAPTURED";
            records.recordOperation(command.clientId(), command.authorisationId(), "CAPTURE", capture, "CAPTURED",
                    result.processorTransactionId());
            records.updateStatus(command.authorisationId(), "CAPTURED");
            publish("payment.captured", capture.id(), "CAPTURED", capture.amount());
            return new CardOperationResult(capture.id(), "CAPTURED", capture.amount(), command.currency());
        });
    }

    @Override
    public void validateVoid(CardOperation voidRequest) {
        if (!answered.containsKey("VOID:" + voidRequest.requestId())) {
            requireVoidable();
        }
    }

    @Override
    public CardOperationResult voidAuthorisation(CardOperation voidRequest) {
        return exclusively("VOID:" + voidRequest.requestId(), () -> {
            requireVoidable();
            ProcessorResult result = processor.voidPayment(voidRequest.id(), authorisation.processorTransactionId());
            refusedUnlessAccepted(result, "void");
            markVoided(voidRequest, result.processorTransactionId());
            return new CardOperationResult(voidRequest.id(), "VOIDED", null, command.currency());
        });
    }

    @Override
    public void validateRefund(CardOperation refund) {
        if (!answered.containsKey("REFUND:" + refund.requestId())) {
            requireValidRefund(refund);
        }
    }

    @Override
    public CardOperationResult refund(CardOperation refund) {
        return exclusively("REFUND:" + refund.requestId(), () -> {
            requireValidRefund(refund);
            CaptureState capture = captures.get(refund.captureId());
            ProcessorResult result = processor.refund(refund.id(), capture.processorId, refund.amount());
            refusedUnlessAccepted(result, "refund");
            // counted as unsettled before it counts as refunded: the main method must never see it refunded and settled
            unsettledRefunds++;
            capture.refunded = capture.refunded.add(refund.amount());
            records.recordOperation(command.clientId(), command.authorisationId(), "REFUND", refund,
                    "REFUND_INITIATED", result.processorTransactionId());
            publish("payment.refund_initiated", refund.id(), "REFUND_INITIATED", refund.amount());
            Async.procedure(this::awaitRefundSettlement, refund, result.processorTransactionId());
            return new CardOperationResult(refund.id(), "REFUND_INITIATED", refund.amount(), command.currency());
        });
    }

    @Override
    public String status() {
        return status;
    }

    private void awaitRefundSettlement(CardOperation refund, String processorRefundId) {
        try {
            settle(refund, processorRefundId);
        } finally {
            unsettledRefunds--;
        }
    }

    private void settle(CardOperation refund, String processorRefundId) {
        for (int check = 0; check < REFUND_SETTLEMENT_CHECKS; check++) {
            Workflow.sleep(REFUND_SETTLEMENT_CHECK);
            String settlement;
            try {
                settlement = processor.refundStatus(processorRefundId);
            } catch (ActivityFailure unreachable) {
                continue; // the processor is away: ask again at the next check
            }
            if ("SETTLED".equals(settlement)) {
                records.updateStatus(refund.id(), "REFUNDED");
                return;
            }
            if ("FAILED".equals(settlement)) {
                captures.get(refund.captureId()).refunded =
                        captures.get(refund.captureId()).refunded.subtract(refund.amount());
                records.updateStatus(refund.id(), "REFUND_FAILED");
                publish("payment.refund_failed", refund.id(), "REFUND_FAILED", refund.amount());
                return;
            }
        }
        log.warn("Refund {} not settled by the processor after a day of checks", refund.id());
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
        status = "VOIDED";
        records.recordOperation(command.clientId(), command.authorisationId(), "VOID", voidRequest, "VOIDED",
                processorTransactionId);
        records.updateStatus(command.authorisationId(), "VOIDED");
        publish("payment.voided", voidRequest.id(), "VOIDED", null);
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
                    + result.errorCode() + " " + result.errorMessage(), PROCESSOR_REFUSED);
        }
    }

    private static ApplicationFailure invalid(String message) {
        return ApplicationFailure.newNonRetryableFailure(message, INVALID_OPERATION);
    }

    /** Events of one authorisation are delivered in order: its id is their ordering key. */
    private void publish(String type, String transactionId, String transactionStatus, BigDecimal amount) {
        String data = "{\"AuthorisationId\":\"" + command.authorisationId() + "\",\"TransactionId\":\"" + transactionId
                + "\",\"OrderId\":\"" + command.requestId().replace("\"", "") + "\",\"Status\":\"" + transactionStatus
                + "\",\"Amount\":" + (amount == null ? "null" : "\"" + amount.toPlainString() + "\"")
                + ",\"Currency\":\"" + command.currency() + "\"}";
        Notifications.publish(new EventCommand(Workflow.randomUUID().toString(), command.clientId(), type,
                command.authorisationId(), data, null, Workflow.currentTimeMillis()));
    }
}
