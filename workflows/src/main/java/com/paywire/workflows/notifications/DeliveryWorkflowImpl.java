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
    /** How often a waiting delivery looks at its predecessor if no signal came (a signal can be lost to a race). */
    private static final Duration PREDECESSOR_RECHECK = Duration.ofMinutes(1);

    private final NotificationActivities notifications = Workflow.newActivityStub(NotificationActivities.class,
            Policies.database(TaskQueues.NOTIFICATIONS));
    private final NotificationActivities attempts = Workflow.newActivityStub(NotificationActivities.class,
            Policies.deliveryAttempt(TaskQueues.NOTIFICATIONS));

    private boolean predecessorSettled;

    @Override
    public DeliveryOutcome deliver(DeliveryCommand delivery) {
        if (delivery.predecessorId() != null) {
            while (!notifications.isSettled(delivery.predecessorId())) {
                predecessorSettled = false;
                Workflow.await(PREDECESSOR_RECHECK, () -> predecessorSettled);
            }
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
