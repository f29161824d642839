package com.paywire.workflows;

import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;

/** How every Paywire process reaches Temporal: one address and namespace, set by configuration. */
public final class TemporalConnection {

    private TemporalConnection() {
    }

    /** Stubs that connect lazily, so a process starts (and reports itself unhealthy) while Temporal is away. */
    public static WorkflowServiceStubs serviceStubs(String address) {
        return WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget(address).build());
    }

    public static WorkflowClient client(WorkflowServiceStubs stubs, String namespace) {
        return WorkflowClient.newInstance(stubs,
                WorkflowClientOptions.newBuilder().setNamespace(namespace).build());
    }
}
