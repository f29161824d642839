package com.paywire.workflows;

import com.paywire.workflows.logging.PaymentContextPropagator;
import com.uber.m3.tally.Scope;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.common.context.ContextPropagator;
import io.temporal.common.converter.CodecDataConverter;
import io.temporal.common.converter.GlobalDataConverter;
import io.temporal.common.interceptors.WorkflowClientInterceptor;
import io.temporal.payload.codec.PayloadCodec;
import io.temporal.serviceclient.GrpcCompression;
import io.temporal.serviceclient.GrpcMetadataProvider;
import io.temporal.serviceclient.GrpcMetadataProviderInterceptor;
import io.temporal.serviceclient.RpcRetryOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.time.Duration;
import java.util.Collection;
import java.util.List;

/** How every Paywire process reaches Temporal: one address, namespace and security, set by configuration. */
public final class TemporalConnection {

    /** What every process hands on with its calls to Temporal: the payment a log line is about. */
    public static final List<ContextPropagator> CONTEXT_PROPAGATORS = List.of(new PaymentContextPropagator());

    private TemporalConnection() {
    }

    /**
     * Stubs that connect lazily, so a process starts (and reports itself unhealthy) while Temporal is away.
     *
     * @param security    TLS and credentials ({@link TemporalSecurity#PLAINTEXT} for the dev service)
     * @param retryBudget for request paths that must answer quickly: a call to an absent Temporal gives up after it
     *                    instead of the SDK's default of a minute, and the caller falls back (the payout outbox, for
     *                    one, starts the workflow later); null for the SDK's default
     * @param metrics     where the SDK reports its metrics (the client's calls and, in a worker, its tasks)
     * @param compression of every gRPC message: the SDK gzips by default, which costs CPU on both ends for every
     *                    call and pays off only where the network to Temporal is slow (Temporal Cloud over the
     *                    internet); next to the service, {@link GrpcCompression#NONE}
     * @throws TemporalSecurity.Refused when the security settings cannot be used
     */
    public static WorkflowServiceStubs serviceStubs(String address, TemporalSecurity security, Duration retryBudget,
                                                    Scope metrics, GrpcCompression compression) {
        return WorkflowServiceStubs.newServiceStubs(serviceStubsOptions(address, security, retryBudget, metrics,
                compression));
    }

    static WorkflowServiceStubsOptions serviceStubsOptions(String address, TemporalSecurity security,
                                                           Duration retryBudget, Scope metrics,
                                                           GrpcCompression compression) {
        WorkflowServiceStubsOptions.Builder options = WorkflowServiceStubsOptions.newBuilder()
                .setTarget(address)
                .setMetricsScope(metrics)
                .setGrpcCompression(compression);
        if (retryBudget != null) {
            options.setRpcRetryOptions(RpcRetryOptions.newBuilder().setExpiration(retryBudget).build());
        }
        security.applyTo(options);
        return options.build();
    }

    /**
     * The stubs' channel with their credentials (an API key), for calls made beside the SDK's own stubs (health
     * checks): the raw channel alone carries none.
     */
    public static Channel channelWithCredentials(WorkflowServiceStubs stubs) {
        Collection<GrpcMetadataProvider> credentials = stubs.getOptions().getGrpcMetadataProviders();
        return credentials == null || credentials.isEmpty() ? stubs.getRawChannel()
                : ClientInterceptors.intercept(stubs.getRawChannel(), new GrpcMetadataProviderInterceptor(credentials));
    }

    public static WorkflowClient client(WorkflowServiceStubs stubs, String namespace, PayloadCodec payloadCodec,
                                        WorkflowClientInterceptor... interceptors) {
        return WorkflowClient.newInstance(stubs, WorkflowClientOptions.newBuilder(clientOptions(namespace, payloadCodec))
                .setInterceptors(interceptors).build());
    }

    /**
     * The options of every Paywire client of Temporal, the worker's (it polls through its client) and the test
     * environments' included: each payload passes through {@code payloadCodec} (see {@code PayloadEncryption}). A
     * failure's message does not (it names ids, codes and limits): SDK 1.38 encodes an Update validator's refusal
     * twice, and the client would read "Encoded failure" instead of why a capture or refund was refused.
     */
    public static WorkflowClientOptions clientOptions(String namespace, PayloadCodec payloadCodec) {
        return WorkflowClientOptions.newBuilder()
                .setNamespace(namespace)
                .setDataConverter(new CodecDataConverter(GlobalDataConverter.get(), List.of(payloadCodec)))
                .setContextPropagators(CONTEXT_PROPAGATORS)
                .build();
    }
}
