package com.paywire.activities;

import com.paywire.domain.notifications.EventPublisher;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.WorkflowIds;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * For tests of activities that call a client back: an event publisher whose deliveries start in an in-memory
 * Temporal (no worker takes them, so nothing is sent), a fixed clock, and clients to call back. Close it after
 * each test.
 */
public final class CallbackHarness implements AutoCloseable {

    /** The time every activity built here reads. */
    public static final OffsetDateTime NOW = OffsetDateTime.of(2026, 11, 20, 8, 0, 0, 0, ZoneOffset.UTC);

    public final Clock clock = Clock.fixed(Instant.from(NOW), ZoneOffset.UTC);
    private final TestWorkflowEnvironment temporal = TestWorkflowEnvironment.newInstance();
    private final EventStore events;

    public CallbackHarness(EventStore events) {
        this.events = events;
        SearchAttributeRegistration.register(temporal.getWorkflowServiceStubs(), temporal.getNamespace());
    }

    public EventPublisher publisher() {
        return new EventPublisher(events, temporal.getWorkflowClient(), clock);
    }

    public static String newClient(ApiClientStore clients, String scope) {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of(scope)), List.of());
        return client;
    }

    /** The event published with this id, as stored, its data unsealed. */
    public Event event(String eventId) {
        return events.findEvent(UUID.fromString(eventId)).orElseThrow();
    }

    /** The URLs the event is being delivered to, each delivery's workflow started. */
    public List<String> deliveredTo(String eventId) {
        return events.deliveriesOf(UUID.fromString(eventId)).stream()
                .filter(d -> temporal.getWorkflowClient()
                        .newUntypedWorkflowStub(WorkflowIds.delivery(d.clientId(), d.id().toString())).describe()
                        .getStatus() == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING)
                .map(Delivery::url).toList();
    }

    public boolean published(String eventId) {
        return events.findEvent(UUID.fromString(eventId)).isPresent();
    }

    @Override
    public void close() {
        temporal.close();
    }
}
