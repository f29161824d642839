package com.paywire.infra.notifications;

import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.notifications.Notifications;
import java.util.List;

public class PublishingWorkflowImpl implements PublishingWorkflow {

    @Override
    public void publish(List<EventCommand> events) {
        events.forEach(Notifications::publish);
    }
}
