package com.paywire.workflows.collections;

import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import com.paywire.workflows.TaskQueues;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Workflow;
import org.slf4j.Logger;

public class ExpressDepositWorkflowImpl implements ExpressDepositWorkflow {

    private static final Logger log = Workflow.getLogger(ExpressDepositWorkflowImpl.class);
    private static final String UNREACHABLE_BY_FAILURE_TYPE = "rail-unreachable-only-by-failure-type";
    /**
     * From version 1 a success that arrives after the outcome was decided, but before the workflow ends (while the
     * rail is asked, or the deposit closed unpaid), is kept and closes the deposit paid, late; earlier runs dropped
     * it. After the end, the rail's callback starts a LatePromptWorkflow instead.
     */
    private static final String KEEP_LATE_SUCCESS = "keep-late-success";

    private final DepositActivities deposits =
            Workflow.newActivityStub(DepositActivities.class, Policies.database(TaskQueues.COLLECTIONS));
    private final StkPushRailActivities rail = Workflow.newActivityStub(StkPushRailActivities.class,
            Policies.railCall(TaskQueues.COLLECTIONS, Policies.PROMPT_SEND_GIVE_UP));

    private PromptResult callback;
    private boolean keepLateSuccess;
    /** Whether this run keeps its PaymentStatus search attribute up to date (PaymentSearchAttributes). */
    private boolean searchable;
    /** A success that came after {@code callback} was decided otherwise (see KEEP_LATE_SUCCESS). */
    private PromptResult lateSuccess;

    @Override
    public String process(DepositCommand deposit) {
        keepLateSuccess = Workflow.getVersion(KEEP_LATE_SUCCESS, Workflow.DEFAULT_VERSION, 1) >= 1;
        searchable = PaymentSearchAttributes.setByTheWorkflow();
        PromptAcknowledgement acknowledgement = RailCalls.orWhenUnreachable(() -> rail.sendPrompt(deposit),
                ExpressDepositWorkflowImpl::railUnreachable, failure -> {
                    log.warn("Prompt for {} could not be sent: {}", deposit.depositId(), failure.getMessage());
                    return PromptAcknowledgement.notSent(PromptResult.notReached(deposit.depositId()));
                });
        if (!acknowledgement.accepted()) {
            return close(deposit, acknowledgement.refusal());
        }
        deposits.recordPrompt(deposit.depositId(), acknowledgement);

        if (!Workflow.await(deposit.promptWindow(), () -> callback != null)) {
            PromptResult last = queryPrompt(deposit.depositId()); // the callback may have been lost
            PromptResult asked = last.hasAnswer() ? last : PromptResult.notReached(deposit.depositId());
            // a callback that came while the rail was asked is the payer's answer too
            callback = keepLateSuccess && callback != null ? callback : asked;
        }
        String resultCode = close(deposit, callback);
        if (lateSuccess != null) {
            deposits.closeLateSuccess(deposit.depositId(), lateSuccess);
            PaymentSearchAttributes.statusChanged(searchable, PromptResult.depositStatus(resultCode),
                    DepositStatus.COMPLETED);
            return PromptResult.SUCCESS;
        }
        return resultCode;
    }

    @Override
    public void promptResult(PromptResult result) {
        if (callback == null && result.hasAnswer()) {
            callback = result;
        } else if (keepLateSuccess && result.paid() && !callback.paid()) {
            lateSuccess = result;
        }
    }

    private PromptResult queryPrompt(String depositId) {
        return RailCalls.orWhenUnreachable(() -> rail.queryPrompt(depositId),
                ExpressDepositWorkflowImpl::railUnreachable, failure -> PromptResult.pending(depositId));
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
        PaymentSearchAttributes.statusChanged(searchable, DepositStatus.PENDING,
                PromptResult.depositStatus(result.resultCode()));
        return result.resultCode();
    }
}
