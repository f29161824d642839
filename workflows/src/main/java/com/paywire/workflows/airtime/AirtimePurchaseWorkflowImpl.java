package com.paywire.workflows.airtime;

import com.paywire.workflows.FailureType;
import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;

/**
 * The recipients are activities of this one workflow, not child workflows. A top-up is a single synchronous call
 * to the network (no callback to wait for, no status query on a timer, no signal), so a recipient needs no
 * workflow of its own: it costs one marker for its hold and one for its close (local activities), three events
 * for its top-up and the workflow task that reads the answer, some ten events in all, so about a thousand for the
 * largest purchase (100 recipients), far below Temporal's limits. A child per recipient would add its
 * own history, a start and a close in this one's, and a workflow task or more per recipient, for nothing a
 * recipient does. At most {@link #MAX_IN_FLIGHT} top-ups are with the networks at once; each recipient's funds are
 * held, then posted or released, on its own, exactly as a payout line's.
 */
public class AirtimePurchaseWorkflowImpl implements AirtimePurchaseWorkflow {

    /** How many top-ups of one purchase may be with the networks at once. */
    static final int MAX_IN_FLIGHT = 10;
    private static final Logger log = Workflow.getLogger(AirtimePurchaseWorkflowImpl.class);

    /** Holds and closes: short database steps, run as local activities. */
    private final AirtimeActivities records =
            Workflow.newLocalActivityStub(AirtimeActivities.class, Policies.localDatabase());
    /** The last step publishes the callback (which starts its delivery): an ordinary activity. */
    private final AirtimeActivities purchases =
            Workflow.newActivityStub(AirtimeActivities.class, Policies.database(TaskQueues.PLATFORM));
    private int inFlight;

    @Override
    public String purchase(AirtimePurchaseCommand command) {
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
        return purchases.finish(command.purchaseId());
    }

    /** Hold, top up, post or release: one recipient, whatever becomes of the others. */
    private void topUp(AirtimeRailActivities networks, String recipientId) {
        if (!records.reserve(recipientId)) {
            return; // the working account was short: recorded as failed, nothing held, nothing sent
        }
        TopUpOutcome outcome;
        try {
            outcome = networks.topUp(recipientId);
        } catch (ActivityFailure failure) {
            if (!FailureType.railUnreachable(failure)) {
                throw failure; // a bug or bad data: the workflow fails where an operator sees it
            }
            log.warn("The network of airtime recipient {} was away for its whole window", recipientId);
            outcome = TopUpOutcome.networkUnavailable(recipientId);
        }
        records.closeRecipient(outcome);
    }
}
