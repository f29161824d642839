package com.paywire.workflows.collections;

import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * A paybill deposit (C2B) the rail confirmed, started by the confirmation under the rail's receipt
 * ({@code c2b:{receipt}}), so that however often the rail confirms it, it is recorded once and never in the
 * confirmation's request.
 */
@WorkflowInterface
public interface PaybillDepositWorkflow {

    /**
     * Credits the deposit's client (or holds it in suspense when it names none Paywire can credit), then tells the
     * client.
     *
     * @param depositId Paywire's id of the recorded confirmation
     * @return the deposit's status: CREDITED or SUSPENDED
     */
    @WorkflowMethod
    String record(String depositId);
}
