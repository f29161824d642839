package com.paywire.workflows.airtime;

import com.paywire.vocabulary.airtime.AirtimePurchaseStatus;
import com.paywire.workflows.OperatorResolution;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One airtime purchase: each recipient's amount and fee held in the client's working account, the top-up sent to
 * the recipient's network, the hold posted when the network tops up and released when it does not; then the
 * purchase's outcome recorded and sent to the client's callback URL. The history holds ids and codes only.
 */
@WorkflowInterface
public interface AirtimePurchaseWorkflow {

    /**
     * @return the name of the purchase's {@link AirtimePurchaseStatus}: COMPLETED, PARTIALLY_COMPLETED or FAILED
     *         when final; PENDING when a network never said what became of a top-up (its funds held for an
     *         operator, the purchase referred to operations)
     */
    @WorkflowMethod
    String purchase(AirtimePurchaseCommand command);

    /**
     * An operator says whether a recipient was topped up (docs/interface.md#operations): while the workflow still
     * asks the recipient's network, it stops and closes the recipient with that outcome. Ignored at any other time.
     */
    @SignalMethod
    void resolve(OperatorResolution resolution);
}
