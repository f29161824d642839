package com.paywire.workflows.collections;

import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.checkout.CheckoutActivities;
import com.paywire.workflows.checkout.CheckoutWorkflow;
import io.temporal.api.enums.v1.SignalExternalWorkflowExecutionFailedCause;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.Workflow;
import org.slf4j.Logger;

public class LatePromptWorkflowImpl implements LatePromptWorkflow {

    private static final Logger log = Workflow.getLogger(LatePromptWorkflowImpl.class);
    /** How the SDK reports a signal to a workflow that is not running (any more). */
    private static final String NOT_RUNNING = SignalExternalWorkflowExecutionFailedCause
            .SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_FAILED_CAUSE_EXTERNAL_WORKFLOW_EXECUTION_NOT_FOUND.name();

    private final DepositActivities deposits =
            Workflow.newActivityStub(DepositActivities.class, Policies.database(TaskQueues.COLLECTIONS));
    private final CheckoutActivities checkouts =
            Workflow.newActivityStub(CheckoutActivities.class, Policies.database(TaskQueues.COLLECTIONS));

    @Override
    public void reconcile(String depositId, PromptResult result) {
        if (!result.paid()) {
            // a definite failure (RailCallbacks starts no other): histories recorded before it came only with successes
            deposits.releaseUnconfirmed(depositId, result);
            return;
        }
        boolean searchable = PaymentSearchAttributes.setByTheWorkflow();
        LateSuccess late = deposits.closeLateSuccess(depositId, result);
        // the deposit is Completed now, late, whatever its first outcome was
        PaymentSearchAttributes.statusChanged(searchable, null, DepositStatus.COMPLETED);
        if (!late.forCheckout()) {
            return;
        }
        try {
            // the order's workflow is the one writer of its status: it takes the payment, or owes it back
            Workflow.newExternalWorkflowStub(CheckoutWorkflow.class, late.checkoutWorkflowId())
                    .mobileMoneyPaidLate(depositId);
        } catch (ApplicationFailure failure) {
            if (!NOT_RUNNING.equals(failure.getType())) {
                throw failure;
            }
            log.warn("Checkout {} is closed: its attempt {} paid late is owed back", late.checkoutId(), depositId);
            checkouts.oweBackLatePayment(late.checkoutId(), depositId);
        }
    }
}
