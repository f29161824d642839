package com.paywire.domain.platform;

import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.SearchAttributeRegistration;
import io.temporal.common.SearchAttributeKey;
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
 * Registers the payments' search attributes when the API or a worker starts, before either starts or runs a
 * workflow. Temporal away: tried again every {@link #RETRY} until it answers, for a role that starts first. Refused
 * (a real cluster's permissions): one warning, and the role carries on; the cluster's operators register them.
 */
@Component
class SearchAttributesAtStartUp implements SmartInitializingSingleton, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(SearchAttributesAtStartUp.class);
    static final Duration RETRY = Duration.ofSeconds(15);

    private final WorkflowServiceStubs stubs;
    private final String namespace;
    private final ScheduledExecutorService retries = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "search-attribute-registration");
        thread.setDaemon(true);
        return thread;
    });
    private boolean toldUnreachable;

    SearchAttributesAtStartUp(WorkflowServiceStubs stubs, TemporalProperties temporal) {
        this.stubs = stubs;
        this.namespace = temporal.namespace();
    }

    @Override
    public void afterSingletonsInstantiated() {
        register();
    }

    private synchronized void register() {
        SearchAttributeRegistration.Outcome outcome;
        try {
            outcome = SearchAttributeRegistration.register(stubs, namespace);
        } catch (RuntimeException refused) {
            log.warn("Temporal did not register the search attributes {} in namespace {}: {}. Register them as "
                    + "docs/operations.md says.", names(), namespace, refused.getMessage());
            return;
        }
        switch (outcome) {
            case REGISTERED -> log.info("Search attributes {} are registered in namespace {}", names(), namespace);
            case REFUSED -> log.warn("Temporal does not let this process register the search attributes {} in "
                    + "namespace {}: its operators register them (docs/operations.md); until then workflows that "
                    + "carry them are refused", names(), namespace);
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
