package com.paywire.activities.notifications;

import com.paywire.persistence.notifications.EventStore;
import com.paywire.workflows.notifications.DeliveryWorkflows;
import com.paywire.workflows.notifications.EventCommand;
import io.temporal.client.WorkflowClient;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Records an event, plans a delivery to each target (the subscribed webhooks, the request's callback URL) and
 * starts the deliveries. What every publishing activity does; idempotent on the event id.
 */
@Component
public class EventPublisher {

    private final EventStore events;
    private final WorkflowClient temporal;

    public EventPublisher(EventStore events, WorkflowClient temporal) {
        this.events = events;
        this.temporal = temporal;
    }

    public void publish(EventCommand event) {
        events.recordAndPlan(new EventStore.Event(UUID.fromString(event.eventId()), event.clientId(), event.type(),
                        event.orderingKey(), event.dataJson(), event.callbackUrl(),
                        OffsetDateTime.ofInstant(Instant.ofEpochMilli(event.createdAtMillis()), ZoneOffset.UTC)))
                .stream()
                .filter(d -> EventStore.PENDING.equals(d.status())) // suspended ones wait for their endpoint
                .forEach(d -> DeliveryWorkflows.start(temporal, d.id(), d.clientId(), d.predecessorId()));
    }
}
