package com.paywire.workflows.collections;

import com.paywire.vocabulary.collections.PaybillDepositStatus;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import io.temporal.workflow.Workflow;

public class PaybillDepositWorkflowImpl implements PaybillDepositWorkflow {

    private final PaybillDepositActivities deposits =
            Workflow.newActivityStub(PaybillDepositActivities.class, Policies.database(TaskQueues.COLLECTIONS));

    @Override
    public String record(String depositId) {
        PaybillDepositStatus status = deposits.creditPaybillDeposit(depositId);
        // a new workflow type: it sets its status from its first version, with no version marker to ask
        PaymentSearchAttributes.statusChanged(true, PaybillDepositStatus.RECEIVED, status);
        if (status == PaybillDepositStatus.CREDITED) {
            deposits.announcePaybillDeposit(depositId);
        }
        return status.name();
    }
}
