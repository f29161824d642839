package com.paywire.domain.disputes;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.cards.CardNumbers;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.observability.MoneyBackMeter;
import com.paywire.domain.platform.TestClock;
import com.paywire.domain.rails.cardprocessor.DisputeNoticeProtocol.Notice;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.cards.CardTransactionStore;
import com.paywire.persistence.charges.DisputeFees;
import com.paywire.persistence.disputes.CardDisputeStore;
import com.paywire.vocabulary.cards.CardDispute;
import com.paywire.vocabulary.cards.CardTransaction;
import com.paywire.vocabulary.cards.DisputeEvidence;
import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.rules.FieldProblem;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.disputes.DisputeFacts;
import com.paywire.workflows.disputes.DisputeWorkflow;
import io.temporal.api.enums.v1.WorkflowIdReusePolicy;
import io.temporal.client.BatchRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.failure.ApplicationFailure;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Card disputes: the processor's notifications (recorded once per processor dispute id, and its DisputeWorkflow
 * started once), the workflow's record and money (through {@link MoneyEngine}), and the merchant's answers
 * through the card API (Updates of the workflow, after the checks its record allows).
 *
 * <p>A dispute of a capture refunded in part or in full is recorded against what is left: its amount is the
 * processor's, capped at what was captured less what refunds took back or hold (zero when nothing is left: the
 * fee is still charged, and nothing else moves).
 */
@Service
public class CardDisputes {

    /** The longest text a field of evidence may carry. */
    static final int EVIDENCE_TEXT_LIMIT = 5000;

    private final CardDisputeStore disputes;
    private final CardTransactionStore transactions;
    private final DisputeFees fees;
    private final MoneyEngine money;
    private final WorkflowClient temporal;
    private final TransactionTemplate transaction;
    private final Clock clock;
    private final ObjectProvider<TestClock> testClock;
    private final MoneyBackMeter meter;

    public CardDisputes(CardDisputeStore disputes, CardTransactionStore transactions, DisputeFees fees,
                        MoneyEngine money, WorkflowClient temporal, TransactionTemplate transaction, Clock clock,
                        ObjectProvider<TestClock> testClock, MoneyBackMeter meter) {
        this.disputes = disputes;
        this.transactions = transactions;
        this.fees = fees;
        this.money = money;
        this.temporal = temporal;
        this.transaction = transaction;
        this.clock = clock;
        this.testClock = testClock;
        this.meter = meter;
    }

    /** A merchant's answer the dispute's state no longer allows: the card API answers 409. */
    public static class NotAnswerableException extends RuntimeException {

        public NotAnswerableException(String message) {
            super(message);
        }
    }

    /** What a notification did: whether it was new, and whether a decision reached a running dispute. */
    public record Received(String disputeId, boolean recorded, boolean matched) {
    }

    /** Paywire's id of the processor's dispute: the same for every notification of it. */
    public static String idOf(String processorDisputeId) {
        return "dsp_" + UUID.nameUUIDFromBytes(("card-dispute:" + processorDisputeId).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The processor's notification. NEEDS_RESPONSE records the dispute (once) and starts its workflow (once);
     * WON or LOST is signalled to it, starting it if it never started. Nothing is written for an unknown capture or
     * dispute.
     *
     * @throws UnknownResourceException when no capture (a new dispute) or no dispute (a decision) has that id
     * @throws InvalidInputException    when the notification's currency is not the capture's
     */
    public Received notified(Notice notice) {
        if (notice.status() != DisputeStatus.NEEDS_RESPONSE) {
            return decided(notice);
        }
        CardTransaction capture = transactions.findCaptureByProcessorId(notice.captureId())
                .orElseThrow(() -> new UnknownResourceException("No capture with that captureId"));
        if (!capture.currency().equals(notice.currency())) {
            throw InvalidInputException.of(null, "currency", "The currency must be the disputed capture's.");
        }
        String id = idOf(notice.id());
        BigDecimal left = capture.amount().subtract(disputes.refunded(capture.id())).max(BigDecimal.ZERO);
        CardDispute dispute = new CardDispute(id, notice.id(), capture.clientId(), capture.id(),
                capture.authorisationId(), Cents.exact(notice.amount().min(left)), capture.currency(),
                Cents.exact(fees.feeFor(capture.currency())), notice.reason(), DisputeStatus.NEEDS_RESPONSE, false,
                onPlatformTime(notice.evidenceDueBy()).atOffset(ZoneOffset.UTC), null, null, null,
                OffsetDateTime.now(clock));
        boolean recorded = disputes.insertIfAbsent(dispute);
        if (recorded) {
            meter.disputeOpened();
        }
        // started here even when recorded before: a notification repeated after a failed start starts it then
        start(dispute);
        return new Received(id, recorded, true);
    }

    /**
     * The processor's instant on the platform's time: the same, but on the local stack whose test clock has been
     * moved ahead of the wall clock the sandbox processor goes by, where it is moved ahead as far (its "5 minutes
     * from now" is 5 minutes of the sandbox's time, not a deadline already past).
     */
    private Instant onPlatformTime(Instant processorInstant) {
        TestClock sandbox = testClock.getIfAvailable();
        return sandbox == null ? processorInstant : processorInstant.plus(sandbox.advancedBy());
    }

    /**
     * A decision is signalled with a start: a dispute recorded whose workflow never started (its start failed, and
     * the processor decided before repeating the notification) starts now and decides at once. A dispute decided
     * already takes nothing: its record says so, or the one workflow it had has ended.
     */
    private Received decided(Notice notice) {
        CardDispute dispute = disputes.findByProcessorId(notice.id())
                .orElseThrow(() -> new UnknownResourceException("No dispute with that id"));
        if (dispute.status().decided()) {
            return new Received(dispute.id(), false, false); // a repeat, or a late word
        }
        DisputeWorkflow workflow = temporal.newWorkflowStub(DisputeWorkflow.class, startOptions(dispute));
        BatchRequest request = temporal.newSignalWithStartRequest();
        request.add(workflow::run, dispute.id());
        request.add(workflow::processorDecision, notice.status());
        try {
            temporal.signalWithStart(request);
            return new Received(dispute.id(), false, true);
        } catch (WorkflowExecutionAlreadyStarted ended) {
            return new Received(dispute.id(), false, false); // its workflow ended (or was ended by an operator)
        }
    }

    private void start(CardDispute dispute) {
        DisputeWorkflow workflow = temporal.newWorkflowStub(DisputeWorkflow.class, startOptions(dispute));
        try {
            WorkflowClient.start(workflow::run, dispute.id());
        } catch (WorkflowExecutionAlreadyStarted repeated) {
            // the processor repeated its notification: the one workflow has it
        }
    }

    private static WorkflowOptions startOptions(CardDispute dispute) {
        return WorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.cardDispute(dispute.processorDisputeId()))
                .setTaskQueue(TaskQueues.CARDS)
                // never a second run, even after the first ended: a late repeat must not debit or decide again
                .setWorkflowIdReusePolicy(WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE)
                .setMemo(Map.of("summary", "Card dispute " + dispute.amount().toPlainString() + " "
                        + dispute.currency() + " of capture " + dispute.captureId()))
                .build();
    }

    /** The workflow's first step: the debit, at once and once, and what the workflow needs of the record. */
    public DisputeFacts open(String disputeId) {
        return transaction.execute(tx -> {
            CardDispute d = disputes.find(disputeId)
                    .orElseThrow(() -> new InvariantViolationException("no card dispute " + disputeId));
            money.debitDispute(d.id(), d.clientId(), d.amount(), d.fee(), d.currency(),
                    "Dispute " + d.processorDisputeId() + " of " + d.captureId());
            return new DisputeFacts(d.id(), d.processorDisputeId(), d.clientId(), d.captureId(),
                    d.amount().toPlainString(), d.currency(), d.fee().toPlainString(), d.reason(),
                    d.evidenceDueBy().toInstant().toEpochMilli());
        });
    }

    public void evidenceSent(String disputeId, DisputeEvidence evidence) {
        disputes.evidenceSent(disputeId, evidence, OffsetDateTime.now(clock));
    }

    /** Records the decision once; WON credits the amount back (the ledger key makes it once as well). */
    public void decide(String disputeId, DisputeStatus decision, boolean accepted) {
        boolean decidedNow = transaction.execute(tx -> {
            CardDispute d = disputes.find(disputeId)
                    .orElseThrow(() -> new InvariantViolationException("no card dispute " + disputeId));
            boolean changed = disputes.decide(disputeId, decision, accepted, OffsetDateTime.now(clock));
            // the first decision stands: a WON after a LOST credits nothing
            if (disputes.find(disputeId).orElseThrow().status() == DisputeStatus.WON) {
                money.creditDisputeWon(d.id(), d.clientId(), d.amount(), d.currency(),
                        "Dispute " + d.processorDisputeId() + " won");
            }
            return changed;
        });
        if (decidedNow) {
            meter.disputeDecided(decision);
        }
    }

    /** Whether a refund of this capture is refused: it is disputed (and not won). */
    public boolean blocksRefund(String clientId, String captureId) {
        return disputes.blocksRefund(clientId, captureId);
    }

    public List<CardDispute> list(String clientId, int limit) {
        return disputes.list(clientId, limit);
    }

    public Optional<CardDispute> find(String clientId, String disputeId) {
        return disputes.find(clientId, disputeId);
    }

    /**
     * The merchant's evidence, sent to the processor through the dispute's workflow.
     *
     * @throws InvalidInputException      a field too long, or one that looks like a card number (never echoed)
     * @throws NotAnswerableException     past the due date, answered already, or decided
     * @throws UnknownResourceException   not the client's dispute
     */
    public CardDispute submitEvidence(String clientId, String disputeId, DisputeEvidence evidence) {
        requireEvidence(evidence);
        CardDispute dispute = answerable(clientId, disputeId);
        return ask(dispute, workflow -> workflow.submitEvidence(evidence));
    }

    /** The merchant accepts the dispute: LOST at once. Refused as {@link #submitEvidence} is. */
    public CardDispute accept(String clientId, String disputeId) {
        CardDispute dispute = answerable(clientId, disputeId);
        return ask(dispute, DisputeWorkflow::accept);
    }

    private static void requireEvidence(DisputeEvidence evidence) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("explanation", evidence.explanation());
        fields.put("productDescription", evidence.productDescription());
        fields.put("customerName", evidence.customerName());
        fields.put("documentReference", evidence.documentReference());
        List<FieldProblem> problems = new ArrayList<>();
        fields.forEach((field, text) -> {
            if (text != null && text.length() > EVIDENCE_TEXT_LIMIT) {
                problems.add(new FieldProblem(field,
                        "must be at most " + EVIDENCE_TEXT_LIMIT + " characters"));
            } else if (CardNumbers.containsCardNumber(text)) {
                problems.add(new FieldProblem(field,
                        "must not contain a card number: send no card data, only its last four digits"));
            }
        });
        if (fields.values().stream().allMatch(text -> text == null || text.isBlank())) {
            problems.add(new FieldProblem("explanation",
                    "give the explanation or another field of evidence"));
        }
        if (!problems.isEmpty()) {
            throw new InvalidInputException(null, problems);
        }
    }

    private CardDispute answerable(String clientId, String disputeId) {
        CardDispute dispute = disputes.find(clientId, disputeId)
                .orElseThrow(() -> new UnknownResourceException("No dispute with that id"));
        if (dispute.status().decided()) {
            throw new NotAnswerableException("The dispute is decided (" + dispute.status() + "); it takes no more "
                    + "answers.");
        }
        if (dispute.status() == DisputeStatus.UNDER_REVIEW) {
            throw new NotAnswerableException("The dispute's evidence was sent already; the processor decides.");
        }
        if (!OffsetDateTime.now(clock).isBefore(dispute.evidenceDueBy())) {
            throw new NotAnswerableException("The dispute's evidence due date has passed.");
        }
        return dispute;
    }

    private CardDispute ask(CardDispute dispute, Function<DisputeWorkflow, DisputeStatus> update) {
        try {
            update.apply(temporal.newWorkflowStub(DisputeWorkflow.class,
                    WorkflowIds.cardDispute(dispute.processorDisputeId())));
        } catch (WorkflowUpdateException refused) {
            Throwable cause = refused.getCause();
            while (cause != null && !(cause instanceof ApplicationFailure)) {
                cause = cause.getCause();
            }
            throw new NotAnswerableException(cause instanceof ApplicationFailure failure
                    ? failure.getOriginalMessage() : "The dispute takes no answer now.");
        } catch (WorkflowNotFoundException ended) {
            throw new NotAnswerableException("The dispute is decided; it takes no more answers.");
        }
        return disputes.find(dispute.id()).orElseThrow();
    }
}
