package com.paywire.infra.notifications;

import com.paywire.workflows.notifications.EventCommand;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** Stands in for a payment workflow that publishes its events, one after the other. */
@WorkflowInterface
public interface PublishingWorkflow {

    @WorkflowMethod
    void publish(java.util.List<EventCommand> events);
}
