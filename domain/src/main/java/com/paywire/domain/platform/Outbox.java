package com.paywire.domain.platform;

import com.paywire.workflows.logging.PaymentContext;
import io.temporal.api.enums.v1.WorkflowIdReusePolicy;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.SearchAttributes;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The transactional outbox, shared by every kind of request the API records first and starts second (payment
 * orders, express deposits, checkout orders, KYC requests, account validations, airtime purchases, bill
 * payments): the start right after the request is recorded ({@link #start}), and the sweep that hands whatever
 * is still unstarted a while after it was accepted to Temporal again, in order, until Temporal refuses one.
 */
public final class Outbox {

    /** Requests younger than this are still being started by the request that accepted them. */
    public static final Duration SWEEP_GRACE = Duration.ofSeconds(10);
    /** How many stragglers one sweep takes; the rest wait for the next. */
    static final int SWEEP_BATCH = 100;
    private static final Logger log = LoggerFactory.getLogger(Outbox.class);

    private Outbox() {
    }

    /** A store's {@code findUnstarted}: the requests accepted before the cut-off and still not started. */
    @FunctionalInterface
    public interface Unstarted<T> {
        List<T> findUnstarted(OffsetDateTime acceptedBefore, int limit);
    }

    /**
     * The sweep: starts, oldest first, the requests accepted more than {@link #SWEEP_GRACE} ago that Temporal has
     * not got yet.
     *
     * @param what  the kind of request, plural, for the log ("KYC requests")
     * @param start answers false when Temporal is still away: the rest waits for the next sweep
     */
    public static <T> void sweep(WorkflowClient temporal, Clock clock, String what, Unstarted<T> unstarted,
                                 Predicate<T> start) {
        List<T> stragglers = unstarted.findUnstarted(OffsetDateTime.now(clock).minus(SWEEP_GRACE), SWEEP_BATCH);
        if (stragglers.isEmpty()) {
            return;
        }
        log.info("Starting {} accepted {} that Temporal has not got yet", stragglers.size(), what);
        // after an outage gRPC waits up to two minutes before reconnecting; the sweep should not
        temporal.getWorkflowServiceStubs().getRawChannel().resetConnectBackoff();
        for (T straggler : stragglers) {
            if (!start.test(straggler)) {
                return;
            }
        }
    }

    /**
     * The options of a request's workflow: one workflow id per request, never run twice (a retried start finds
     * it and counts as started), a summary for whoever reads the workflow list, and the search attributes it is
     * found by ({@code PaymentSearchAttributes}).
     */
    public static WorkflowOptions options(String workflowId, String taskQueue, String summary,
                                          SearchAttributes searchAttributes) {
        return WorkflowOptions.newBuilder()
                .setWorkflowId(workflowId)
                .setTaskQueue(taskQueue)
                .setWorkflowIdReusePolicy(WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE)
                .setMemo(Map.of("summary", summary))
                .setTypedSearchAttributes(searchAttributes)
                .build();
    }

    /**
     * Hands one accepted request to Temporal, then marks it started. A workflow that exists already counts as
     * started (an earlier attempt got through); Temporal being away leaves the request for the sweep. The start
     * carries the payment's ids to the workflow and its activities, whatever thread starts it (a request's, the
     * payouts' dispatcher, the sweep).
     *
     * @param what    the kind of request, for the log ("KYC request")
     * @param payment the client, the client's id of the request and Paywire's
     * @return false when Temporal could not be reached
     */
    public static boolean start(String what, PaymentContext payment, Runnable start, Runnable markStarted) {
        try (PaymentContext.Scope about = payment.open()) {
            try {
                start.run();
            } catch (WorkflowExecutionAlreadyStarted alreadyStarted) {
                log.info("The {} {} was already started", what, payment.clientPaymentId());
            } catch (RuntimeException temporalAway) {
                log.warn("Could not start the {} {} now; the sweep will retry: {}", what, payment.clientPaymentId(),
                        temporalAway.getMessage());
                return false;
            }
            markStarted.run();
            return true;
        }
    }
}
