package com.paywire.domain.collections;

import com.paywire.domain.rails.LatePromptWords;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.collections.LatePromptWorkflow;
import com.paywire.workflows.collections.PromptResult;
import io.temporal.api.enums.v1.WorkflowIdReusePolicy;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** Starts the workflows that take a phone prompt's word after its own workflow ended, once per deposit and word. */
@Component
public class LatePrompts implements LatePromptWords {

    private static final Logger log = LoggerFactory.getLogger(LatePrompts.class);

    private final WorkflowClient temporal;

    public LatePrompts(WorkflowClient temporal) {
        this.temporal = temporal;
    }

    /**
     * A definite failure after the deposit's workflow ended: its credit, if still held, is released once
     * ({@link WorkflowIds#latePromptFailure}).
     */
    @Override
    public void release(Deposit deposit, PromptResult result) {
        if (start(WorkflowIds.latePromptFailure(deposit.clientId(), deposit.id().toString()), deposit, result)) {
            log.warn("STK failure {} for {} came after its workflow ended; releasing a credit still held",
                    result.resultCode(), result.reference());
        }
    }

    /**
     * A success after the deposit's workflow ended (the rail's late callback, or an operator's word): the deposit's
     * {@link LatePromptWorkflow} records and credits it once, and takes it to its checkout order if it is an attempt.
     */
    @Override
    public void reconcile(Deposit deposit, PromptResult result) {
        if (start(WorkflowIds.latePrompt(deposit.clientId(), deposit.id().toString()), deposit, result)) {
            log.warn("STK success for {} came after its prompt window; reconciling", result.reference());
        }
    }

    /** False when a workflow of that id runs or ran (a repeated word): only a failed one is run again. */
    private boolean start(String workflowId, Deposit deposit, PromptResult result) {
        LatePromptWorkflow late = temporal.newWorkflowStub(LatePromptWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.COLLECTIONS)
                .setWorkflowId(workflowId)
                .setWorkflowIdReusePolicy(WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY)
                .setTypedSearchAttributes(ExpressDeposits.searchAttributes(deposit, null))
                .build());
        try {
            WorkflowClient.start(late::reconcile, deposit.id().toString(), result);
            return true;
        } catch (WorkflowExecutionAlreadyStarted repeated) {
            log.info("STK word for {} is being or was reconciled already ({})", result.reference(), workflowId);
            return false;
        }
    }
}
