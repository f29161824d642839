package com.paywire.workflows.disputes;

import com.paywire.vocabulary.cards.DisputeEvidence;
import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.notifications.Notifications;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.time.Instant;

public class DisputeWorkflowImpl implements DisputeWorkflow {

    private final DisputeActivities records =
            Workflow.newActivityStub(DisputeActivities.class, Policies.database(TaskQueues.CARDS));
    private final DisputeProcessorActivities processor = Workflow.newActivityStub(DisputeProcessorActivities.class,
            Policies.railCall(TaskQueues.CARDS, Policies.CARD_PROCESSOR_GIVE_UP));

    static final String ASKS_FOR_ITS_DECISION = "asks-for-its-decision";
    /** The first wait for the processor's decision after the evidence was sent; each wait after is twice the last. */
    static final Duration FIRST_DECISION_CHECK = Duration.ofMinutes(1);
    static final Duration LONGEST_DECISION_CHECK = Duration.ofHours(6);

    private DisputeFacts facts;
    /** Debited and announced: an answer is acted on only after dispute.created. */
    private boolean opened;
    /** The processor's decision, from its callback. */
    private DisputeStatus decision;
    /** The merchant's answer: its evidence (then whether it has been sent), or its acceptance. */
    private DisputeEvidence evidence;
    private boolean evidenceSent;
    private boolean accepted;
    private boolean closed;

    @Override
    public String run(String disputeId) {
        facts = records.openDispute(disputeId);
        publish(EventType.DISPUTE_CREATED, DisputeStatus.NEEDS_RESPONSE, false);
        opened = true;
        while (!closed) {
            Duration due = untilDue();
            if (!due.isZero()) {
                Workflow.await(due, () -> closed || answered() || decision != null);
            }
            if (closed) {
                break;
            }
            if (accepted) {
                Workflow.await(() -> closed || !accepted); // the acceptance's Update closes it, or fails
            } else if (evidence == null && decision == null) {
                close(DisputeStatus.LOST, false); // no answer by the due date
            } else {
                // the processor decides, after the evidence it was sent (or without it, when it decides first)
                awaitDecision();
                if (decidable()) {
                    close(decision, false);
                }
            }
        }
        Workflow.await(Workflow::isEveryHandlerFinished);
        return decision.name();
    }

    @Override
    public void processorDecision(DisputeStatus decided) {
        if (decided != null && decided.decided() && decision == null && !closed) {
            decision = decided;
        }
    }

    @Override
    public void validateEvidence(DisputeEvidence sent) {
        requireAnswerable();
    }

    @Override
    public DisputeStatus submitEvidence(DisputeEvidence sent) {
        evidence = sent;
        Workflow.await(() -> opened);
        try {
            processor.submitEvidence(facts.processorDisputeId(), sent);
        } catch (ActivityFailure unreachable) {
            // the processor never took it: the dispute is unanswered again, and the merchant may send it again
            evidence = null;
            throw ApplicationFailure.newFailure("The card processor could not be reached; the evidence was not "
                    + "sent. Send it again.", DisputeFailures.PROCESSOR_UNREACHABLE);
        }
        records.evidenceSent(facts.disputeId(), sent);
        evidenceSent = true;
        return decision == null ? DisputeStatus.UNDER_REVIEW : decision;
    }

    @Override
    public void validateAccept() {
        requireAnswerable();
    }

    @Override
    public DisputeStatus accept() {
        accepted = true;
        Workflow.await(() -> opened);
        try {
            processor.acceptDispute(facts.processorDisputeId());
        } catch (ActivityFailure unreachable) {
            accepted = false;
            throw ApplicationFailure.newFailure("The card processor could not be reached; the dispute was not "
                    + "accepted. Accept it again.", DisputeFailures.PROCESSOR_UNREACHABLE);
        }
        decision = DisputeStatus.LOST;
        close(DisputeStatus.LOST, true);
        return DisputeStatus.LOST;
    }

    /**
     * Waits for the processor's decision, or for the evidence's sending to fail. Since version
     * {@code asks-for-its-decision}, a decision whose callback is late is asked for on a doubling timer (a processor
     * that never calls back would otherwise leave the dispute under review for good).
     */
    private void awaitDecision() {
        if (Workflow.getVersion(ASKS_FOR_ITS_DECISION, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION) {
            Workflow.await(() -> decidable() || (evidence == null && decision == null));
            return;
        }
        Duration wait = FIRST_DECISION_CHECK;
        while (!Workflow.await(wait, () -> decidable() || (evidence == null && decision == null))) {
            if (evidenceSent && decision == null) {
                DisputeStatus asked = RailCalls.orWhenUnreachable(
                        () -> processor.decisionOf(facts.processorDisputeId()), unreachable -> DisputeStatus.UNDER_REVIEW);
                processorDecision(asked);
            }
            wait = Policies.doubled(wait, LONGEST_DECISION_CHECK);
        }
    }

    private Duration untilDue() {
        return Duration.ofMillis(Math.max(0, facts.evidenceDueByMillis() - Workflow.currentTimeMillis()));
    }

    private boolean decidable() {
        return decision != null && (evidence == null || evidenceSent);
    }

    private boolean answered() {
        return evidence != null || accepted;
    }

    /** Validators run before the Update is accepted: a refusal here leaves nothing in the history. */
    private void requireAnswerable() {
        if (closed || decision != null) {
            throw new IllegalStateException("The dispute is decided; it takes no more answers.");
        }
        if (answered()) {
            throw new IllegalStateException("The dispute was answered already; the processor decides.");
        }
        if (facts != null && Workflow.currentTimeMillis() >= facts.evidenceDueByMillis()) {
            throw new IllegalStateException("The dispute's evidence due date has passed.");
        }
    }

    private void close(DisputeStatus decided, boolean byAcceptance) {
        decision = decided;
        records.decide(facts.disputeId(), decided, byAcceptance);
        closed = true;
        publish(decided == DisputeStatus.WON ? EventType.DISPUTE_WON : EventType.DISPUTE_LOST, decided, byAcceptance);
    }

    /** A dispute's events are delivered in order: {@code dispute:{id}} is their ordering key. */
    private void publish(EventType type, DisputeStatus status, boolean byAcceptance) {
        DisputeEvent data = new DisputeEvent(facts.disputeId(), facts.processorDisputeId(), facts.captureId(), status,
                byAcceptance, facts.amount(), facts.currency(), facts.fee(), facts.reason(),
                Instant.ofEpochMilli(facts.evidenceDueByMillis()).toString());
        Notifications.publish(new EventCommand(Workflow.randomUUID().toString(), facts.clientId(), type.wireName(),
                "dispute:" + facts.disputeId(), data.json(), null, Workflow.currentTimeMillis()));
    }
}
