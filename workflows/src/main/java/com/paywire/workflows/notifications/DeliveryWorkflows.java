package com.paywire.workflows.notifications;

import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowOptions;
import java.util.UUID;

/**
 * Starts delivery workflows from client code (the publish activity, the API's redelivery). Deliveries are not
 * children of the workflow that published the event: they outlive it, retry for hours, and must not be tied
 * to its history. Starting twice is harmless: the workflow ID is the delivery's.
 */
public final class DeliveryWorkflows {

    private DeliveryWorkflows() {
    }

    /** Starts the delivery of that id, after its predecessor (null when it has none). */
    public static void start(WorkflowClient client, UUID deliveryId, String clientId, UUID predecessorId) {
        start(client, new DeliveryCommand(deliveryId.toString(), clientId,
                predecessorId == null ? null : predecessorId.toString()));
    }

    public static void start(WorkflowClient client, DeliveryCommand delivery) {
        DeliveryWorkflow workflow = client.newWorkflowStub(DeliveryWorkflow.class, WorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.delivery(delivery.clientId(), delivery.deliveryId()))
                .setTaskQueue(TaskQueues.NOTIFICATIONS)
                .setTypedSearchAttributes(PaymentSearchAttributes.of(Product.WEBHOOK,
                        delivery.clientId(), null))
                .build());
        try {
            WorkflowClient.start(workflow::deliver, delivery);
        } catch (WorkflowExecutionAlreadyStarted alreadyRunning) {
            // a retried activity or request: the delivery is under way
        }
    }
}
