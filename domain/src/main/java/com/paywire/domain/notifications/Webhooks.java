package com.paywire.domain.notifications;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.persistence.notifications.WebhookStore;
import com.paywire.persistence.secrets.SecretCipher;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.DeliveryAttempt;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.vocabulary.notifications.WebhookEndpoint;
import com.paywire.vocabulary.notifications.WebhookStatus;
import com.paywire.vocabulary.rules.FieldProblem;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * A client's webhook endpoints and what is delivered to them: an endpoint is registered for event types with a
 * signing secret (kept encrypted, never given back), deleted, or activated again after deliveries failed, when it
 * gets the events it missed, in order; an event is delivered again on request. Another client's endpoint or event
 * looks the same as none.
 */
@Component
public class Webhooks {

    private static final Logger log = LoggerFactory.getLogger(Webhooks.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final WebhookStore webhooks;
    private final EventStore events;
    private final SecretCipher cipher;
    private final UrlPolicy urlPolicy;
    private final EventPublisher deliveries;
    private final Clock clock;

    Webhooks(WebhookStore webhooks, EventStore events, SecretCipher cipher, UrlPolicy urlPolicy,
             EventPublisher deliveries, Clock clock) {
        this.webhooks = webhooks;
        this.events = events;
        this.cipher = cipher;
        this.urlPolicy = urlPolicy;
        this.deliveries = deliveries;
        this.clock = clock;
    }

    /** An endpoint to register; a type named twice is subscribed once. */
    public record Registration(String url, List<String> events, String description, String signingSecret) {
    }

    /**
     * @throws InvalidInputException naming Url (refused by the URL policy) or Events[i] (not one of
     *                               {@link WebhookEvents#subscribable})
     */
    public WebhookEndpoint register(String clientId, Registration registration) {
        List<FieldProblem> errors = new ArrayList<>();
        urlPolicy.refusal(registration.url()).ifPresent(why -> errors.add(new FieldProblem("Url", "The Url " + why + ".")));
        for (int i = 0; i < registration.events().size(); i++) {
            if (!WebhookEvents.subscribable(registration.events().get(i))) {
                errors.add(new FieldProblem("Events[" + i + "]", "The event '" + registration.events().get(i)
                        + "' is not '" + WebhookEvents.EVERY + "' nor one of " + WebhookEvents.ALL + "."));
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidInputException(null, errors);
        }
        WebhookEndpoint endpoint = new WebhookEndpoint(UUID.randomUUID(), clientId, registration.url(),
                registration.events().stream().distinct().toList(), registration.description(),
                cipher.encrypt(registration.signingSecret()), WebhookStatus.ACTIVE, OffsetDateTime.now(clock));
        webhooks.insert(endpoint);
        log.info("Client {} registered webhook {} for {}", clientId, endpoint.id(), endpoint.events());
        return endpoint;
    }

    public List<WebhookEndpoint> list(String clientId) {
        return webhooks.list(clientId);
    }

    /** Deliveries to the endpoint stop. */
    public void delete(String clientId, UUID webhookId) {
        WebhookEndpoint endpoint = endpoint(clientId, webhookId);
        webhooks.setStatus(endpoint.id(), endpoint.status(), WebhookStatus.DELETED);
    }

    /**
     * An INACTIVE endpoint becomes ACTIVE and gets the events it missed, each delivery after the one before;
     * any other endpoint stays as it is.
     *
     * @return the endpoint as it is now
     */
    public WebhookEndpoint activate(String clientId, UUID webhookId) {
        WebhookEndpoint endpoint = endpoint(clientId, webhookId);
        if (webhooks.setStatus(endpoint.id(), WebhookStatus.INACTIVE, WebhookStatus.ACTIVE)) {
            UUID previous = null;
            List<Delivery> missed = events.missedBy(endpoint.id());
            for (Delivery old : missed) {
                Delivery again = events.redeliver(old.eventId(), endpoint.id(), endpoint.url(), previous);
                deliveries.start(again);
                previous = again.id();
            }
            log.info("Webhook {} reactivated; {} missed events on their way", endpoint.id(), missed.size());
        }
        return webhooks.find(clientId, webhookId).orElseThrow();
    }

    /** The client's event. */
    public Event event(String clientId, UUID eventId) {
        return events.findEvent(clientId, eventId)
                .orElseThrow(() -> new UnknownResourceException("No event has that id"));
    }

    /** The client's newest events, of one type or (null) any, the newest first. */
    public List<Event> events(String clientId, String type, int limit) {
        return events.listEvents(clientId, type, limit);
    }

    /** The deliveries of an event, oldest first. */
    public List<Delivery> deliveriesOf(UUID eventId) {
        return events.deliveriesOf(eventId);
    }

    /** The tries at a delivery, in order. */
    public List<DeliveryAttempt> attemptsOf(UUID deliveryId) {
        return events.attemptsOf(deliveryId);
    }

    /**
     * Delivers the event again to every active endpoint subscribed to its type, and to its callback URL.
     *
     * @return the deliveries started
     */
    public List<Delivery> redeliver(String clientId, UUID eventId) {
        Event event = event(clientId, eventId);
        List<Delivery> started = new ArrayList<>();
        for (WebhookEndpoint endpoint : webhooks.subscribedTo(clientId, event.type())) {
            if (endpoint.status() == WebhookStatus.ACTIVE) {
                started.add(events.redeliver(event.id(), endpoint.id(), endpoint.url(), null));
            }
        }
        if (event.callbackUrl() != null) {
            started.add(events.redeliver(event.id(), null, event.callbackUrl(), null));
        }
        started.forEach(deliveries::start);
        return started;
    }

    /** What a test event carries. */
    record TestEventData(@JsonProperty("WebhookId") UUID webhookId, @JsonProperty("Message") String message) {
    }

    /**
     * Sends a {@link WebhookEvents#TEST} event to this endpoint alone, signed and retried as any event is.
     *
     * @return the delivery started
     * @throws InvalidInputException naming WebhookId when the endpoint is not active (a delivery to it would wait)
     */
    public Delivery sendTest(String clientId, UUID webhookId) {
        WebhookEndpoint endpoint = endpoint(clientId, webhookId);
        if (endpoint.status() != WebhookStatus.ACTIVE) {
            throw InvalidInputException.of(null, "WebhookId", "Only an active endpoint can be sent a test event.");
        }
        Event event = new Event(UUID.randomUUID(), clientId, WebhookEvents.TEST, null,
                JSON.writeValueAsString(new TestEventData(endpoint.id(), "A test event from the Paywire console")),
                null, OffsetDateTime.now(clock));
        events.recordAndPlan(event); // plans nothing: no endpoint subscribes to the test event
        Delivery delivery = events.redeliver(event.id(), endpoint.id(), endpoint.url(), null);
        deliveries.start(delivery);
        log.info("Client {} sent a test event to webhook {}", clientId, endpoint.id());
        return delivery;
    }

    private WebhookEndpoint endpoint(String clientId, UUID webhookId) {
        return webhooks.find(clientId, webhookId)
                .orElseThrow(() -> new UnknownResourceException("No webhook has that id"));
    }
}
