package com.paywire.workflows.collections;

import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import com.paywire.workflows.TaskQueues;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Workflow;
import java.time.Duration;
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
    /**
     * From version 1 a deposit of its own holds its credit on the rail's settlement account before the prompt is
     * sent (DepositActivities.holdPrompt): the rail's success posts it, a definite failure releases it, and an
     * unknown outcome (no callback, a status query with no final word) keeps it while the rail is asked again for
     * the reconciliation window. Earlier runs held nothing and credited on confirmation.
     */
    private static final String PROMPT_HELD_WHILE_OUT = "prompt-held-while-out";
    /**
     * From version 1 a held prompt the rail did not decide in the reconciliation window is referred to operators
     * (DepositActivities.referUnconfirmed), for the operations queue to decide; earlier runs only logged it, and its
     * held credit waited, undecided, for a late callback.
     */
    private static final String REFER_UNCONFIRMED_PROMPT = "refer-unconfirmed-prompt";

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
    /** The deposit closed with its outcome unknown and its credit held (PROMPT_HELD_WHILE_OUT): the rail's word is awaited. */
    private boolean unconfirmed;
    /** A definite failure the rail gave of a prompt closed {@code unconfirmed}. */
    private PromptResult lateFailure;
    /** When the deposit closed {@code unconfirmed} (workflow time, epoch milliseconds). */
    private long unconfirmedSince;

    @Override
    public String process(DepositCommand deposit) {
        keepLateSuccess = Workflow.getVersion(KEEP_LATE_SUCCESS, Workflow.DEFAULT_VERSION, 1) >= 1;
        boolean holdWhileOut = Workflow.getVersion(PROMPT_HELD_WHILE_OUT, Workflow.DEFAULT_VERSION, 1) >= 1;
        searchable = PaymentSearchAttributes.setByTheWorkflow();
        // every check that could refuse the prompt ran when the deposit was accepted: its credit is held before it goes
        boolean held = holdWhileOut && deposits.holdPrompt(deposit.depositId());
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
            PromptResult asked = last.hasAnswer() ? last
                    : held ? PromptResult.unconfirmed(deposit.depositId()) // no final word: the hold is kept
                    : PromptResult.notReached(deposit.depositId());
            // a callback that came while the rail was asked is the payer's answer too
            callback = keepLateSuccess && callback != null ? callback : asked;
            unconfirmed = callback.outcomeUnknown();
        }
        String resultCode = close(deposit, callback);
        // a checkout's attempt ends here: its order waits for this child, and must move on (payable again); the
        // hold stays for the rail's late word, which a late-prompt workflow takes to the order, or for an operator's,
        // so it is referred at once, as nothing asks the rail about it any more
        if (unconfirmed && Workflow.getInfo().getParentWorkflowId().isEmpty()) {
            unconfirmedSince = Workflow.currentTimeMillis();
            reconcile(deposit.depositId());
        } else if (unconfirmed && Workflow.getVersion(REFER_UNCONFIRMED_PROMPT, Workflow.DEFAULT_VERSION, 1) >= 1) {
            deposits.referUnconfirmed(deposit.depositId(), Workflow.currentTimeMillis());
        }
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
        } else if (unconfirmed && result.hasAnswer() && !result.paid() && lateFailure == null) {
            lateFailure = result;
        }
    }

    /**
     * A prompt closed with its outcome unknown, its credit held: the rail is asked every
     * PROMPT_RECONCILIATION_QUERY_INTERVAL for the reconciliation window, and a callback meanwhile is its word too.
     * A success is closed late (its held credit posted, below); a definite failure releases the hold; no word in the
     * window leaves it held, for a late callback (LatePromptWorkflow) or an operator: from REFER_UNCONFIRMED_PROMPT's
     * version 1 it is referred to operators then.
     */
    private void reconcile(String depositId) {
        Duration asked = Duration.ZERO;
        while (lateSuccess == null && lateFailure == null && asked.compareTo(Policies.RECONCILIATION_WINDOW) < 0) {
            Workflow.await(Policies.PROMPT_RECONCILIATION_QUERY_INTERVAL,
                    () -> lateSuccess != null || lateFailure != null);
            asked = asked.plus(Policies.PROMPT_RECONCILIATION_QUERY_INTERVAL);
            if (lateSuccess == null && lateFailure == null) {
                PromptResult word = queryPrompt(depositId);
                if (word.paid()) {
                    lateSuccess = word;
                } else if (word.hasAnswer()) {
                    lateFailure = word;
                }
            }
        }
        if (lateSuccess == null && lateFailure != null) {
            deposits.releaseUnconfirmed(depositId, lateFailure);
        } else if (lateSuccess == null) {
            log.warn("Prompt {}: no word from the rail in the reconciliation window; its credit stays held", depositId);
            if (Workflow.getVersion(REFER_UNCONFIRMED_PROMPT, Workflow.DEFAULT_VERSION, 1) >= 1) {
                deposits.referUnconfirmed(depositId, unconfirmedSince);
            }
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
