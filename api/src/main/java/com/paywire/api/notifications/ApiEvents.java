package com.paywire.api.notifications;

import com.paywire.persistence.notifications.EventStore;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** Publishes an event that happens in the API itself (a fraud decision, a 3-D Secure result). */
@Component
public class ApiEvents {

    private final EventStore events;
    private final DeliveryStarter deliveries;
    private final Clock clock;

    ApiEvents(EventStore events, DeliveryStarter deliveries, Clock clock) {
        this.events = events;
        this.deliveries = deliveries;
        this.clock = clock;
    }

    public void publish(String clientId, String type, String orderingKey, String dataJson) {
        events.recordAndPlan(new EventStore.Event(UUID.randomUUID(), clientId, type, orderingKey, dataJson, null,
                        OffsetDateTime.now(clock))).stream()
                .filter(d -> EventStore.PENDING.equals(d.status()))
                .forEach(deliveries::start);
    }
}
