package com.paywire.domain.platform;

import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.SearchAttributeRegistration;
import io.grpc.Status;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.client.WorkflowServiceException;
import io.temporal.common.SearchAttributeKey;
import io.temporal.common.interceptors.WorkflowClientCallsInterceptor;
import io.temporal.common.interceptors.WorkflowClientCallsInterceptorBase;
import io.temporal.common.interceptors.WorkflowClientInterceptor;
import io.temporal.common.interceptors.WorkflowClientInterceptorBase;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

/**
 * Registers the payments' search attributes with Temporal when the API or a worker starts, before either starts or
 * runs a workflow. Temporal away then: tried again every {@link #RETRY}, and before any workflow this process starts
 * meanwhile ({@link #beforeEachStart()}), which is not sent until they are: a start that carries attributes the
 * service does not know is refused, and Temporal's dev service then keeps a workflow id that never runs. Refused (a
 * real cluster's permissions): one warning, and the role carries on; the cluster's operators register them.
 */
@Component
class SearchAttributeSetUp implements SmartInitializingSingleton, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(SearchAttributeSetUp.class);
    static final Duration RETRY = Duration.ofSeconds(15);

    private final WorkflowServiceStubs stubs;
    private final String namespace;
    private final ScheduledExecutorService retries = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "search-attribute-registration");
        thread.setDaemon(true);
        return thread;
    });
    /** Registered, or refused for good: nothing more to try. */
    private volatile boolean settled;
    private boolean toldUnreachable;

    SearchAttributeSetUp(WorkflowServiceStubs stubs, TemporalProperties temporal) {
        this.stubs = stubs;
        this.namespace = temporal.namespace();
    }

    @Override
    public void afterSingletonsInstantiated() {
        register();
    }

    /** For the process's WorkflowClient: registers the attributes before a start, while they are not yet. */
    WorkflowClientInterceptor beforeEachStart() {
        return new WorkflowClientInterceptorBase() {
            @Override
            public WorkflowClientCallsInterceptor workflowClientCallsInterceptor(WorkflowClientCallsInterceptor next) {
                return new WorkflowClientCallsInterceptorBase(next) {
                    @Override
                    public WorkflowStartOutput start(WorkflowStartInput input) {
                        if (!settled) {
                            register();
                        }
                        if (!settled) { // as when Temporal is away at the start itself: the caller tries again
                            throw new WorkflowServiceException(WorkflowExecution.newBuilder()
                                    .setWorkflowId(input.getWorkflowId()).build(), input.getWorkflowType(),
                                    Status.UNAVAILABLE.withDescription("Temporal is not reachable: the search "
                                            + "attributes are not registered yet").asRuntimeException());
                        }
                        return super.start(input);
                    }
                };
            }
        };
    }

    private synchronized void register() {
        if (settled) {
            return;
        }
        SearchAttributeRegistration.Outcome outcome;
        try {
            outcome = SearchAttributeRegistration.register(stubs, namespace);
        } catch (RuntimeException refused) {
            settled = true;
            log.warn("Temporal did not register the search attributes {} in namespace {}: {}. Register them as "
                    + "docs/operations.md says.", names(), namespace, refused.getMessage());
            return;
        }
        switch (outcome) {
            case REGISTERED -> {
                settled = true;
                log.info("Search attributes {} are registered in namespace {}", names(), namespace);
            }
            case REFUSED -> {
                settled = true;
                log.warn("Temporal does not let this process register the search attributes {} in namespace {}: "
                        + "its operators register them (docs/operations.md); until then workflows that carry them "
                        + "are refused", names(), namespace);
            }
            case UNREACHABLE -> {
                if (!toldUnreachable) {
                    log.info("Temporal is not reachable yet: registering the search attributes once it is");
                    toldUnreachable = true;
                }
                if (!retries.isShutdown()) {
                    retries.schedule(this::register, RETRY.toSeconds(), TimeUnit.SECONDS);
                }
            }
        }
    }

    private static String names() {
        return PaymentSearchAttributes.KEYS.stream().map(SearchAttributeKey::getName).toList().toString();
    }

    @Override
    public synchronized void destroy() {
        retries.shutdownNow();
    }
}
