package com.paywire.workflows.payouts.reversals;

import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.paybacks.PayBackAnswer;
import io.temporal.workflow.Workflow;
import java.time.Duration;

public class PayoutReversalWorkflowImpl implements PayoutReversalWorkflow {

    /** The first wait for the rail's callback before its status is asked; each wait after is twice the last. */
    static final Duration FIRST_CHECK = Duration.ofMinutes(1);
    static final Duration LONGEST_CHECK = Duration.ofHours(1);
    /** How long the rail is asked before the reversal is referred to operators, its money still held. */
    static final Duration REFERRAL_AFTER = Policies.RECONCILIATION_WINDOW;
    /** How long a referred reversal is still asked about, its money held, before the workflow ends. */
    static final Duration GIVE_UP_AFTER = Duration.ofDays(30);

    private final PayoutReversalActivities records =
            Workflow.newActivityStub(PayoutReversalActivities.class, Policies.database(TaskQueues.PAYOUTS));
    private final PayoutReversalRailActivities rail = Workflow.newActivityStub(PayoutReversalRailActivities.class,
            Policies.railCall(TaskQueues.PAYOUTS, Policies.PROMPT_SEND_GIVE_UP));

    private PayBackAnswer answer;

    @Override
    public String reverse(String reversalId) {
        records.holdReversal(reversalId);
        PayBackAnswer asked = RailCalls.orWhenUnreachable(() -> rail.askToReverse(reversalId),
                unreachable -> PayBackAnswer.unknown("the rail could not be reached"));
        if (asked.decides()) {
            return close(reversalId, asked);
        }
        long started = Workflow.currentTimeMillis();
        Duration wait = FIRST_CHECK;
        boolean referred = false;
        while (true) {
            Workflow.await(wait, () -> answer != null);
            if (answer == null) {
                PayBackAnswer status = RailCalls.orWhenUnreachable(() -> rail.reversalStatus(reversalId),
                        unreachable -> PayBackAnswer.unknown("the rail could not be reached"));
                if (status.state() == PayBackAnswer.State.UNKNOWN) {
                    // the rail never got the request (unreachable when asked): asking again under its key is harmless
                    status = RailCalls.orWhenUnreachable(() -> rail.askToReverse(reversalId),
                            unreachable -> PayBackAnswer.unknown("the rail could not be reached"));
                }
                if (status.decides()) {
                    answer = status;
                }
            }
            if (answer != null) {
                return close(reversalId, answer);
            }
            Duration waited = Duration.ofMillis(Workflow.currentTimeMillis() - started);
            if (!referred && waited.compareTo(REFERRAL_AFTER) >= 0) {
                records.keepReversalHeld(reversalId, "no answer from the rail in " + REFERRAL_AFTER.toHours()
                        + " h: the money stays held until the rail's answer or an operator's");
                referred = true;
            }
            if (waited.compareTo(GIVE_UP_AFTER) >= 0) {
                return PayBackAnswer.State.UNKNOWN.name();
            }
            wait = wait.multipliedBy(2).compareTo(LONGEST_CHECK) > 0 ? LONGEST_CHECK : wait.multipliedBy(2);
        }
    }

    @Override
    public void railAnswer(PayBackAnswer railAnswer) {
        if (railAnswer != null && railAnswer.decides() && answer == null) {
            answer = railAnswer;
        }
    }

    private String close(String reversalId, PayBackAnswer last) {
        records.closeReversal(reversalId, last);
        return last.state().name();
    }
}
