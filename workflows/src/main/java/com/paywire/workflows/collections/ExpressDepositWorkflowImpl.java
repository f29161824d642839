package com.paywire.workflows.collections;

import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import org.slf4j.Logger;

public class ExpressDepositWorkflowImpl implements ExpressDepositWorkflow {

    private static final Logger log = Workflow.getLogger(ExpressDepositWorkflowImpl.class);
    /** A prompt the rail cannot take within this is given up: the payer was never asked. */
    private static final Duration PROMPT_SEND_GIVE_UP = Duration.ofMinutes(1);

    private final DepositActivities deposits =
            Workflow.newActivityStub(DepositActivities.class, Policies.database(TaskQueues.COLLECTIONS));
    private final StkPushRailActivities rail = Workflow.newActivityStub(StkPushRailActivities.class,
            Policies.railCall(TaskQueues.COLLECTIONS, PROMPT_SEND_GIVE_UP));

    private PromptResult callback;

    @Override
    public String process(DepositCommand deposit) {
        PromptAcknowledgement acknowledgement;
        try {
            acknowledgement = rail.sendPrompt(deposit);
        } catch (ActivityFailure unreachable) {
            log.warn("Prompt for {} could not be sent: {}", deposit.depositId(), unreachable.getMessage());
            return settle(deposit, PromptResult.notReached(deposit.depositId()));
        }
        if (!acknowledgement.accepted()) {
            return settle(deposit, acknowledgement.refusal());
        }
        deposits.recordPrompt(deposit.depositId(), acknowledgement);

        if (!Workflow.await(deposit.promptWindow(), () -> callback != null)) {
            PromptResult last = queryPrompt(deposit.depositId()); // the callback may have been lost
            callback = last.hasAnswer() ? last : PromptResult.notReached(deposit.depositId());
        }
        return settle(deposit, callback);
    }

    @Override
    public void promptResult(PromptResult result) {
        if (callback == null && result.hasAnswer()) {
            callback = result;
        }
    }

    private PromptResult queryPrompt(String depositId) {
        try {
            return rail.queryPrompt(depositId);
        } catch (ActivityFailure unreachable) {
            return PromptResult.pending(depositId);
        }
    }

    private String settle(DepositCommand deposit, PromptResult result) {
        deposits.settleDeposit(deposit.depositId(), result);
        return result.resultCode();
    }
}
