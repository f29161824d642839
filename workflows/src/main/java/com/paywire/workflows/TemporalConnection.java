package com.paywire.workflows;

import io.temporal.client.WorkflowClient;
import java.time.Duration;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.RpcRetryOptions;
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

    /**
     * Stubs for request paths that must answer quickly: a call to an absent Temporal gives up after
     * {@code retryBudget} instead of the SDK's default of a minute, and the caller falls back (the payout
     * outbox, for one, starts the workflow later).
     */
    public static WorkflowServiceStubs serviceStubs(String address, Duration retryBudget) {
        return WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions.newBuilder()
                .setTarget(address)
                .setRpcRetryOptions(RpcRetryOptions.newBuilder().setExpiration(retryBudget).build())
                .build());
    }

    public static WorkflowClient client(WorkflowServiceStubs stubs, String namespace) {
        return WorkflowClient.newInstance(stubs,
                WorkflowClientOptions.newBuilder().setNamespace(namespace).build());
    }
}
