package com.paywire.workflows.airtime;

import com.paywire.vocabulary.airtime.AirtimePurchaseStatus;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import com.paywire.workflows.TaskQueues;
import io.temporal.workflow.Async;
import io.temporal.workflow.Functions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;

/**
 * The recipients are activities of this one workflow, not child workflows. A top-up is a single synchronous call
 * to the network (no callback to wait for, no signal; a status query only when the network did not answer), so a
 * recipient needs no workflow of its own: it costs one marker for its hold and one for its close (local
 * activities), three events for its top-up and the workflow task that reads the answer, some ten events in all,
 * so about a thousand for the largest purchase (100 recipients), far below Temporal's limits. A child per
 * recipient would add its own history, a start and a close in this one's, and a workflow task or more per
 * recipient, for nothing a recipient does. At most {@link #MAX_IN_FLIGHT} top-ups are with the networks at once; each recipient's funds are
 * held, then posted or released, on its own, exactly as a payout line's.
 */
public class AirtimePurchaseWorkflowImpl implements AirtimePurchaseWorkflow {

    /** How many top-ups of one purchase may be with the networks at once. */
    static final int MAX_IN_FLIGHT = 10;
    private static final Logger log = Workflow.getLogger(AirtimePurchaseWorkflowImpl.class);
    private static final String ASK_BEFORE_RELEASING = "ask-network-before-releasing";
    private static final String OPERATOR_MAY_RESOLVE = "operator-may-resolve";

    /** Holds and closes: short database steps, run as local activities. */
    private final AirtimeActivities records =
            Workflow.newLocalActivityStub(AirtimeActivities.class, Policies.localDatabase());
    /** The last step publishes the callback (which starts its delivery): an ordinary activity. */
    private final AirtimeActivities purchases =
            Workflow.newActivityStub(AirtimeActivities.class, Policies.database(TaskQueues.PLATFORM));
    private final AirtimeRailActivities statusQuery = Workflow.newActivityStub(AirtimeRailActivities.class,
            Policies.railCall(TaskQueues.PLATFORM, Policies.STATUS_QUERY_GIVE_UP));
    /** The same question asked with backoff through the reconciliation window; retries stay out of the history. */
    private final AirtimeRailActivities reconciliation = Workflow.newActivityStub(AirtimeRailActivities.class,
            Policies.awaitSettlement(TaskQueues.PLATFORM, Policies.RECONCILIATION_WINDOW));
    private int inFlight;
    /** Recipients whose outcome nobody knows after the reconciliation window: held, for an operator. */
    private int referred;
    /** Operators' resolutions of recipients pending confirmation, by recipient id. */
    private final Map<String, OperatorResolution> resolutions = new HashMap<>();

    @Override
    public String purchase(AirtimePurchaseCommand command) {
        boolean searchable = PaymentSearchAttributes.setByTheWorkflow();
        AirtimeRailActivities networks = Workflow.newActivityStub(AirtimeRailActivities.class,
                Policies.railCall(TaskQueues.PLATFORM, command.railWindow()));
        List<Promise<Void>> recipients = new ArrayList<>();
        for (String recipientId : command.recipientIds()) {
            Workflow.await(() -> inFlight < MAX_IN_FLIGHT);
            inFlight++;
            recipients.add(Async.procedure(() -> {
                try {
                    topUp(networks, recipientId);
                } finally {
                    inFlight--;
                }
            }));
        }
        Promise.allOf(recipients).get();
        if (referred > 0) {
            // not final: the purchase stays PENDING, without a callback, until an operator settles what is held
            return AirtimePurchaseStatus.PENDING.name();
        }
        AirtimePurchaseStatus status = purchases.finish(command.purchaseId());
        PaymentSearchAttributes.statusChanged(searchable, AirtimePurchaseStatus.PENDING, status);
        return status.name();
    }

    /** Hold, top up, post or release: one recipient, whatever becomes of the others. */
    private void topUp(AirtimeRailActivities networks, String recipientId) {
        if (!records.reserve(recipientId)) {
            return; // the working account was short: recorded as failed, nothing held, nothing sent
        }
        TopUpOutcome outcome = RailCalls.orWhenUnreachable(() -> networks.topUp(recipientId), failure -> {
            log.warn("The network of airtime recipient {} was away for its whole window", recipientId);
            // version 1: the network may have topped up before going quiet, so it is asked; earlier runs released
            return Workflow.getVersion(ASK_BEFORE_RELEASING, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION
                    ? TopUpOutcome.networkUnavailable(recipientId) : askNetwork(recipientId);
        });
        if (outcome == null) {
            return; // held, referred to operations (recordUnconfirmed logs it with the client's ids)
        }
        records.closeRecipient(outcome);
    }

    /**
     * The network's own word on a top-up it did not answer: asked at once, then, while it says nothing final, with
     * backoff through the reconciliation window, the recipient shown as pending confirmation meanwhile.
     *
     * @return the outcome, or null when the network never said: the funds stay held and operations are told
     */
    private TopUpOutcome askNetwork(String recipientId) {
        TopUpOutcome known = query(statusQuery, recipientId);
        if (known != null) {
            return known;
        }
        records.recordUnconfirmed(recipientId, false);
        // version 1: while pending confirmation, an operator's resolution ends the questions and closes the recipient
        known = Workflow.getVersion(OPERATOR_MAY_RESOLVE, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION
                ? query(reconciliation, recipientId) : queryUnlessResolved(recipientId);
        if (known == null) {
            referred++;
            records.recordUnconfirmed(recipientId, true);
        }
        return known;
    }

    /** As {@link #query} through the reconciliation window, unless an operator resolves the recipient first. */
    private TopUpOutcome queryUnlessResolved(String recipientId) {
        Promise<TopUpOutcome> answer = OperatorResolution.askUnlessResolved(
                () -> Async.function(reconciliation::queryTopUp, recipientId), () -> resolutions.containsKey(recipientId));
        if (answer == null) {
            log.info("Airtime recipient {}: resolved by an operator while pending confirmation", recipientId);
            return TopUpOutcome.resolvedBy(resolutions.get(recipientId));
        }
        return finalAnswer(answer::get);
    }

    @Override
    public void resolve(OperatorResolution resolution) {
        resolutions.putIfAbsent(resolution.paymentId(), resolution);
    }

    /** @return the network's final answer, or null when it gave none before the stub's window closed */
    private static TopUpOutcome query(AirtimeRailActivities networks, String recipientId) {
        return finalAnswer(() -> networks.queryTopUp(recipientId));
    }

    private static TopUpOutcome finalAnswer(Functions.Func<TopUpOutcome> asked) {
        return RailCalls.orWhenUnreachable(asked, failure -> null);
    }
}
