package com.paywire.api.notifications;

import com.paywire.persistence.notifications.EventStore;
import com.paywire.workflows.notifications.DeliveryWorkflows;
import io.temporal.client.WorkflowClient;
import org.springframework.stereotype.Component;

/** Starts the delivery workflow of a delivery the API planned (redelivery, reactivation). */
@Component
class DeliveryStarter {

    private final WorkflowClient temporal;

    DeliveryStarter(WorkflowClient temporal) {
        this.temporal = temporal;
    }

    void start(EventStore.Delivery delivery) {
        DeliveryWorkflows.start(temporal, delivery.id(), delivery.clientId(), delivery.predecessorId());
    }
}
