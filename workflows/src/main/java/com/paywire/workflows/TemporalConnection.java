package com.paywire.workflows;

import com.paywire.workflows.logging.PaymentContextPropagator;
import com.uber.m3.tally.Scope;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.common.context.ContextPropagator;
import io.temporal.serviceclient.RpcRetryOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.time.Duration;
import java.util.List;

/** How every Paywire process reaches Temporal: one address and namespace, set by configuration. */
public final class TemporalConnection {

    /** What every process hands on with its calls to Temporal: the payment a log line is about. */
    public static final List<ContextPropagator> CONTEXT_PROPAGATORS = List.of(new PaymentContextPropagator());

    private TemporalConnection() {
    }

    /**
     * Stubs that connect lazily, so a process starts (and reports itself unhealthy) while Temporal is away.
     *
     * @param metrics where the SDK reports its metrics (the client's calls and, in a worker, its tasks)
     */
    public static WorkflowServiceStubs serviceStubs(String address, Scope metrics) {
        return WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget(address).setMetricsScope(metrics).build());
    }

    /**
     * Stubs for request paths that must answer quickly: a call to an absent Temporal gives up after
     * {@code retryBudget} instead of the SDK's default of a minute, and the caller falls back (the payout
     * outbox, for one, starts the workflow later).
     */
    public static WorkflowServiceStubs serviceStubs(String address, Duration retryBudget, Scope metrics) {
        return WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions.newBuilder()
                .setTarget(address)
                .setRpcRetryOptions(RpcRetryOptions.newBuilder().setExpiration(retryBudget).build())
                .setMetricsScope(metrics)
                .build());
    }

    public static WorkflowClient client(WorkflowServiceStubs stubs, String namespace) {
        return WorkflowClient.newInstance(stubs, clientOptions(namespace));
    }

    /** The options of every Paywire client of Temporal, the test environments' included. */
    public static WorkflowClientOptions clientOptions(String namespace) {
        return WorkflowClientOptions.newBuilder().setNamespace(namespace)
                .setContextPropagators(CONTEXT_PROPAGATORS).build();
    }
}
