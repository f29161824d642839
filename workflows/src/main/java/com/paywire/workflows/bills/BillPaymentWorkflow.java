package com.paywire.workflows.bills;

import com.paywire.vocabulary.operations.PendingConfirmation;
import com.paywire.workflows.OperatorResolution;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One bill payment: the account validated first when the service requires it, the amount and fee reserved, the
 * biller paid (idempotently, on the payment's id), its confirmation asked for when it did not give one at once,
 * then the reservation posted or released and the client called back. A payment the biller never confirms stays
 * held, for an operator.
 */
@WorkflowInterface
public interface BillPaymentWorkflow {

    /** @return the payment's final status code; {@link PendingConfirmation#CODE} when it was referred to operations */
    @WorkflowMethod
    String pay(BillPaymentCommand command);

    /**
     * An operator says whether the biller was paid (docs/interface.md#operations): while the workflow still asks the
     * biller, it stops and closes the payment with that outcome. Ignored at any other time, and after the first.
     */
    @SignalMethod
    void resolve(OperatorResolution resolution);
}
