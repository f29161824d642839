package com.paywire.workflows.notifications;

import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import io.temporal.workflow.Workflow;

/** How a workflow publishes an event: one activity records it and starts a delivery workflow per target. */
public final class Notifications {

    private Notifications() {
    }

    public static void publish(EventCommand event) {
        Workflow.newActivityStub(NotificationActivities.class, Policies.database(TaskQueues.NOTIFICATIONS))
                .publish(event);
    }
}
