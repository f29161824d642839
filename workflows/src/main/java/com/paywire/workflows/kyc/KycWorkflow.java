package com.paywire.workflows.kyc;

import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One identity check against the national identity registry: ask the registry, record and call back the verdict,
 * then keep the request's personal data only until its retention ends. The history holds no personal data:
 * activities read it from the sealed store by the request's id, and answer codes.
 */
@WorkflowInterface
public interface KycWorkflow {

    /** @return the verdict's response code */
    @WorkflowMethod
    String verify(KycCommand command);
}
