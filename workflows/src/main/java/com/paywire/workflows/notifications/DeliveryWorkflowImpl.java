package com.paywire.workflows.notifications;

import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;

public class DeliveryWorkflowImpl implements DeliveryWorkflow {

    private static final Logger log = Workflow.getLogger(DeliveryWorkflowImpl.class);
    /**
     * Version 1: the wait for the predecessor ends after {@link Policies#DELIVERY_PREDECESSOR_WAIT_LIMIT}, and looks
     * at it less and less often (before, it looked every minute for as long as the predecessor stayed unsettled).
     */
    private static final String BOUNDED_PREDECESSOR_WAIT = "bounded-predecessor-wait";

    private final NotificationActivities notifications = Workflow.newActivityStub(NotificationActivities.class,
            Policies.database(TaskQueues.NOTIFICATIONS));
    private final NotificationActivities attempts = Workflow.newActivityStub(NotificationActivities.class,
            Policies.deliveryAttempt(TaskQueues.NOTIFICATIONS));

    private boolean predecessorSettled;

    @Override
    public DeliveryOutcome deliver(DeliveryCommand delivery) {
        if (delivery.predecessorId() != null) {
            awaitPredecessor(delivery);
        }
        DeliveryOutcome outcome = attemptOnTheLadder(delivery.deliveryId());
        notifications.finish(delivery.deliveryId(), outcome);
        String successor = notifications.successorOf(delivery.deliveryId());
        if (successor != null) {
            try {
                Workflow.newExternalWorkflowStub(DeliveryWorkflow.class,
                        WorkflowIds.delivery(delivery.clientId(), successor)).predecessorSettled();
            } catch (RuntimeException notStartedYet) {
                log.info("Successor {} not running yet; it will see this delivery settled", successor);
            }
        }
        return outcome;
    }

    /**
     * Waits until the predecessor has settled, so that a payment's events arrive in order. The predecessor's signal
     * ends the wait; looking again now and then covers a signal lost to a race. From version 1 a signal that comes
     * while the predecessor is being looked at is kept (so the looks can be further apart), and the wait is bounded:
     * a predecessor unsettled after the limit is stuck, and this delivery goes out anyway. That keeps the order
     * whenever the predecessor still runs, and loses no event when it never will: waiting for ever would hold this
     * delivery and every later one of the payment; giving up would drop them.
     */
    private void awaitPredecessor(DeliveryCommand delivery) {
        boolean bounded = Workflow.getVersion(BOUNDED_PREDECESSOR_WAIT, Workflow.DEFAULT_VERSION, 1) >= 1;
        long giveUpAt = Workflow.currentTimeMillis() + Policies.DELIVERY_PREDECESSOR_WAIT_LIMIT.toMillis();
        Duration recheck = Policies.DELIVERY_PREDECESSOR_RECHECK;
        while (!notifications.isSettled(delivery.predecessorId())) {
            if (!bounded) {
                predecessorSettled = false;
                Workflow.await(recheck, () -> predecessorSettled);
                continue;
            }
            long left = giveUpAt - Workflow.currentTimeMillis();
            if (left <= 0) {
                log.warn("Delivery {}: predecessor {} still unsettled after {}; delivering without it",
                        delivery.deliveryId(), delivery.predecessorId(), Policies.DELIVERY_PREDECESSOR_WAIT_LIMIT);
                return;
            }
            Workflow.await(Duration.ofMillis(Math.min(recheck.toMillis(), left)), () -> predecessorSettled);
            predecessorSettled = false;
            recheck = Policies.doubled(recheck, Policies.DELIVERY_PREDECESSOR_MAX_RECHECK);
        }
    }

    private DeliveryOutcome attemptOnTheLadder(String deliveryId) {
        List<Duration> ladder = Policies.DELIVERY_RETRY_LADDER;
        for (int attempt = 1; ; attempt++) {
            long startedAt = Workflow.currentTimeMillis();
            AttemptResult result = attempts.attempt(deliveryId, attempt, startedAt);
            switch (result.outcome()) {
                case DELIVERED -> {
                    return DeliveryOutcome.DELIVERED;
                }
                case ENDPOINT_INACTIVE -> {
                    return DeliveryOutcome.SUSPENDED;
                }
                case FAILED -> log.info("Delivery {} attempt {} failed: {}", deliveryId, attempt,
                        result.statusCode() != null ? "HTTP " + result.statusCode() : result.error());
            }
            if (attempt > ladder.size()) {
                return DeliveryOutcome.FAILED;
            }
            long next = startedAt + ladder.get(attempt - 1).toMillis();
            Workflow.sleep(Duration.ofMillis(Math.max(0, next - Workflow.currentTimeMillis())));
        }
    }

    @Override
    public void predecessorSettled() {
        predecessorSettled = true;
    }
}
