package com.paywire.workflows.collections;

import com.paywire.workflows.FailureType;
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
    private static final String UNREACHABLE_BY_FAILURE_TYPE = "rail-unreachable-only-by-failure-type";

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
        } catch (ActivityFailure failure) {
            if (!railUnreachable(failure)) {
                throw failure;
            }
            log.warn("Prompt for {} could not be sent: {}", deposit.depositId(), failure.getMessage());
            return close(deposit, PromptResult.notReached(deposit.depositId()));
        }
        if (!acknowledgement.accepted()) {
            return close(deposit, acknowledgement.refusal());
        }
        deposits.recordPrompt(deposit.depositId(), acknowledgement);

        if (!Workflow.await(deposit.promptWindow(), () -> callback != null)) {
            PromptResult last = queryPrompt(deposit.depositId()); // the callback may have been lost
            callback = last.hasAnswer() ? last : PromptResult.notReached(deposit.depositId());
        }
        return close(deposit, callback);
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
        } catch (ActivityFailure failure) {
            if (!railUnreachable(failure)) {
                throw failure;
            }
            return PromptResult.pending(depositId);
        }
    }

    /**
     * Version 1 of UNREACHABLE_BY_FAILURE_TYPE: only a rail that could not be reached reads as "prompt not
     * reached"; any other failure (a bug, a garbled answer) fails the deposit where it can be seen. Earlier runs
     * read every failure as unreachable.
     */
    private static boolean railUnreachable(ActivityFailure failure) {
        return Workflow.getVersion(UNREACHABLE_BY_FAILURE_TYPE, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION
                || FailureType.railUnreachable(failure);
    }

    private String close(DepositCommand deposit, PromptResult result) {
        deposits.closeDeposit(deposit.depositId(), result);
        return result.resultCode();
    }
}
