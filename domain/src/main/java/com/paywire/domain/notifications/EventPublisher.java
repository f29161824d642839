package com.paywire.domain.notifications;

import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.DeliveryStatus;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.workflows.notifications.DeliveryWorkflows;
import com.paywire.workflows.notifications.EventCommand;
import io.temporal.client.WorkflowClient;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one way an event is published: record it, plan a delivery to each target (the subscribed webhooks, the
 * request's callback URL) and start the deliveries. Idempotent on the event id. Workflows reach it through their
 * publish activity, the API for what happens in the API alone (a fraud screen, a 3-D Secure result).
 */
@Component
public class EventPublisher {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final EventStore events;
    private final WorkflowClient temporal;
    private final Clock clock;

    public EventPublisher(EventStore events, WorkflowClient temporal, Clock clock) {
        this.events = events;
        this.temporal = temporal;
        this.clock = clock;
    }

    /**
     * Publishes what just happened outside any workflow (in the API): a new event id, now, and the data as JSON
     * of the given record.
     */
    public void publishNow(String clientId, String type, String orderingKey, Object data) {
        publish(new EventCommand(UUID.randomUUID().toString(), clientId, type, orderingKey, JSON.writeValueAsString(data),
                null, clock.millis()));
    }

    public void publish(EventCommand event) {
        record(event, false, null);
    }

    /**
     * Records the event and plans its deliveries in the caller's transaction, with the step that made it happen;
     * the caller {@link #start starts} the deliveries answered once that transaction has committed (a delivery's
     * workflow reads rows an open transaction still hides). A caller that fails before starting them publishes the
     * event again on its retry: that answers the deliveries planned the first time.
     *
     * @return the deliveries to start: those not suspended
     */
    public List<Delivery> recordWithin(EventCommand event) {
        return plan(event, false, null);
    }

    /**
     * Publishes an event whose data is personal (a KYC verdict, an account's holder): it is stored sealed.
     *
     * @param callbackXmlRoot when not null, the callback URL gets the data as XML under this root element
     */
    public void publishPersonal(EventCommand event, String callbackXmlRoot) {
        record(event, true, callbackXmlRoot);
    }

    private void record(EventCommand event, boolean personal, String callbackXmlRoot) {
        plan(event, personal, callbackXmlRoot).forEach(this::start);
    }

    private List<Delivery> plan(EventCommand event, boolean personal, String callbackXmlRoot) {
        return events.recordAndPlan(new Event(UUID.fromString(event.eventId()), event.clientId(),
                        event.type(), event.orderingKey(), event.dataJson(), event.callbackUrl(),
                        OffsetDateTime.ofInstant(Instant.ofEpochMilli(event.createdAtMillis()), ZoneOffset.UTC),
                        personal, callbackXmlRoot))
                .stream()
                .filter(d -> d.status() == DeliveryStatus.PENDING) // suspended ones wait for their endpoint
                .toList();
    }

    /** Starts a planned delivery (a new one, a redelivery, or one an endpoint's reactivation released). */
    public void start(Delivery delivery) {
        DeliveryWorkflows.start(temporal, delivery.id(), delivery.clientId(), delivery.predecessorId());
    }
}
