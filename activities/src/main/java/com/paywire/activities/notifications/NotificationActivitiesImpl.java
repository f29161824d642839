package com.paywire.activities.notifications;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.paywire.domain.notifications.CallbackSecrets;
import com.paywire.domain.notifications.CallbackXml;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.notifications.PaywireSignature;
import com.paywire.domain.observability.PaywireMeters;
import com.paywire.domain.platform.WallClock;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.persistence.notifications.WebhookStore;
import com.paywire.persistence.secrets.SecretCipher;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.DeliveryAttempt;
import com.paywire.vocabulary.notifications.DeliveryStatus;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.vocabulary.notifications.WebhookEndpoint;
import com.paywire.vocabulary.notifications.WebhookStatus;
import com.paywire.workflows.notifications.AttemptResult;
import com.paywire.workflows.notifications.DeliveryOutcome;
import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.notifications.NotificationActivities;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/** Records events and starts their deliveries, makes delivery attempts over HTTP, and keeps every attempt. */
@Component
public class NotificationActivitiesImpl implements NotificationActivities {

    private static final Logger log = LoggerFactory.getLogger(NotificationActivitiesImpl.class);
    private static final JsonMapper WEBHOOK_JSON = JsonMapper.builder().build();
    private static final String CALLBACK = "callback";
    private static final String WEBHOOK = "webhook";

    private final EventStore events;
    private final WebhookStore webhooks;
    private final CallbackSecrets callbackSecrets;
    private final SecretCipher cipher;
    private final DeliveryHttp http;
    private final TransactionTemplate transaction;
    private final EventPublisher publisher;
    private final Clock clock;
    private final MeterRegistry meters;

    public NotificationActivitiesImpl(EventStore events, WebhookStore webhooks, CallbackSecrets callbackSecrets,
                                      SecretCipher cipher, DeliveryHttp http, TransactionTemplate transaction,
                                      EventPublisher publisher, @WallClock Clock clock, MeterRegistry meters) {
        this.events = events;
        this.webhooks = webhooks;
        this.callbackSecrets = callbackSecrets;
        this.cipher = cipher;
        this.http = http;
        this.transaction = transaction;
        this.publisher = publisher;
        this.clock = clock;
        this.meters = meters;
        // the series the dashboard and the alerts read exist from the start, at zero
        for (String kind : List.of(CALLBACK, WEBHOOK)) {
            attempts(kind, AttemptResult.Outcome.DELIVERED);
            attempts(kind, AttemptResult.Outcome.FAILED);
            for (DeliveryOutcome outcome : DeliveryOutcome.values()) {
                finished(kind, outcome);
            }
        }
    }

    @Override
    public void publish(EventCommand event) {
        publisher.publish(event);
    }

    @Override
    public AttemptResult attempt(String deliveryId, int attemptNumber, long attemptAtMillis) {
        Delivery delivery = events.findDelivery(UUID.fromString(deliveryId)).orElseThrow();
        Optional<DeliveryAttempt> recorded = events.attemptsOf(delivery.id()).stream()
                .filter(a -> a.attemptNumber() == attemptNumber).findFirst();
        if (recorded.isPresent()) { // this activity ran before and only its completion was lost
            return resultOf(recorded.get());
        }
        String secret;
        String body;
        String contentType = "application/json";
        Event event = events.findEvent(delivery.eventId()).orElseThrow();
        if (delivery.webhookId() != null) {
            WebhookEndpoint endpoint = webhooks.find(delivery.webhookId()).orElseThrow();
            if (endpoint.status() != WebhookStatus.ACTIVE) {
                return new AttemptResult(AttemptResult.Outcome.ENDPOINT_INACTIVE, null, null);
            }
            secret = cipher.decrypt(endpoint.encryptedSecret());
            body = webhookBody(event);
        } else {
            secret = callbackSecrets.require(delivery.clientId()); // retried until an operator gives it one
            body = event.dataJson();
            if (event.callbackXmlRoot() != null) { // the client asked for its callbacks in XML
                body = CallbackXml.render(event.callbackXmlRoot(), body);
                contentType = "application/xml";
            }
        }
        OffsetDateTime attemptedAt = OffsetDateTime.ofInstant(Instant.ofEpochMilli(attemptAtMillis), ZoneOffset.UTC);
        Map<String, String> headers = Map.of("Content-Type", contentType, "User-Agent", "Paywire-Webhooks/1",
                PaywireSignature.HEADER, PaywireSignature.header(clock.instant().getEpochSecond(), body, secret),
                "Paywire-Event-Id", event.id().toString(),
                "Paywire-Delivery-Attempt", Integer.toString(attemptNumber));
        DeliveryHttp.Answer answer = http.post(delivery.url(), headers, body);
        return record(delivery, attemptNumber, attemptedAt, answer.statusCode(), answer.error(), answer.latencyMs());
    }

    @Override
    public void finish(String deliveryId, DeliveryOutcome outcome) {
        transaction.executeWithoutResult(tx -> {
            Delivery delivery = events.findDelivery(UUID.fromString(deliveryId)).orElseThrow();
            if (delivery.status() == DeliveryStatus.PENDING) { // not a retry of a finish that got through
                afterCommit(() -> finished(kindOf(delivery), outcome).increment());
            }
            events.finish(delivery.id(), status(outcome));
            if (outcome == DeliveryOutcome.FAILED && delivery.webhookId() != null
                    && webhooks.setStatus(delivery.webhookId(), WebhookStatus.ACTIVE, WebhookStatus.INACTIVE)) {
                log.warn("Webhook {} of client {} is INACTIVE: every retry of delivery {} failed",
                        delivery.webhookId(), delivery.clientId(), deliveryId);
            }
        });
    }

    private static DeliveryStatus status(DeliveryOutcome outcome) {
        return switch (outcome) {
            case DELIVERED -> DeliveryStatus.DELIVERED;
            case FAILED -> DeliveryStatus.FAILED;
            case SUSPENDED -> DeliveryStatus.SUSPENDED;
        };
    }

    @Override
    public boolean isSettled(String deliveryId) {
        return events.isSettled(UUID.fromString(deliveryId));
    }

    @Override
    public String successorOf(String deliveryId) {
        return events.successorOf(UUID.fromString(deliveryId)).map(UUID::toString).orElse(null);
    }

    /** The webhook payload; {@code Data} is written exactly as stored (its field order is the publisher's). */
    record WebhookBody(@JsonProperty("Id") UUID id, @JsonProperty("Type") String type,
                       @JsonProperty("CreatedAt") String createdAt, @JsonProperty("Data") @JsonRawValue String data) {
    }

    static String webhookBody(Event event) {
        return WEBHOOK_JSON.writeValueAsString(new WebhookBody(event.id(), event.type(),
                event.createdAt().withOffsetSameInstant(ZoneOffset.UTC).toInstant().toString(), event.dataJson()));
    }

    private AttemptResult record(Delivery delivery, int attemptNumber, OffsetDateTime attemptedAt,
                                 Integer statusCode, String error, int latencyMs) {
        events.recordAttempt(delivery.id(), attemptNumber, attemptedAt, statusCode, error, latencyMs);
        AttemptResult result = resultOf(new DeliveryAttempt(attemptNumber, attemptedAt, statusCode, error, latencyMs));
        attempts(kindOf(delivery), result.outcome()).increment();
        if (result.outcome() != AttemptResult.Outcome.DELIVERED) {
            log.info("Delivery {} to {} at {}, attempt {}: {}", delivery.id(),
                    delivery.webhookId() != null ? "webhook " + delivery.webhookId() : "the callback URL",
                    withoutQuery(delivery.url()), attemptNumber,
                    statusCode != null ? "answered HTTP " + statusCode : error);
        }
        return result;
    }

    /** Callback (to the request's URL) or webhook (to a registered endpoint), as the delivery meters tag it. */
    private static String kindOf(Delivery delivery) {
        return delivery.webhookId() != null ? WEBHOOK : CALLBACK;
    }

    private Counter attempts(String kind, AttemptResult.Outcome outcome) {
        return Counter.builder(PaywireMeters.DELIVERY_ATTEMPTS).tag(PaywireMeters.KIND, kind)
                .tag(PaywireMeters.OUTCOME, outcome.name().toLowerCase(Locale.ROOT)).register(meters);
    }

    private Counter finished(String kind, DeliveryOutcome outcome) {
        return Counter.builder(PaywireMeters.DELIVERIES_FINISHED).tag(PaywireMeters.KIND, kind)
                .tag(PaywireMeters.OUTCOME, outcome.name().toLowerCase(Locale.ROOT)).register(meters);
    }

    private static void afterCommit(Runnable count) {
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                count.run();
            }
        });
    }

    /** A URL for the log: a query string may carry the client's own tokens. */
    private static String withoutQuery(String url) {
        int query = url.indexOf('?');
        return query < 0 ? url : url.substring(0, query) + "?…";
    }

    private static AttemptResult resultOf(DeliveryAttempt attempt) {
        boolean delivered = attempt.statusCode() != null && attempt.statusCode() >= 200 && attempt.statusCode() < 300;
        return new AttemptResult(delivered ? AttemptResult.Outcome.DELIVERED : AttemptResult.Outcome.FAILED,
                attempt.statusCode(), attempt.error());
    }
}
