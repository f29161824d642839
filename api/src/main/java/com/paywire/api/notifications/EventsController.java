package com.paywire.api.notifications;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.notifications.Webhooks;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.Event;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/** A client's recent events, each with its deliveries and their attempts, and redelivery ({@link Webhooks}) on request. */
@RestController
@RequestMapping("${paywire.cards.base-path}/events")
@Tag(name = "Webhooks and events")
@RequiresScope(Scope.WEBHOOKS)
class EventsController {

    private final Webhooks webhooks;
    /** An event's data as published: decimals read as written, so an amount stays 150.00 (not a double's 150.0). */
    private final ObjectReader data;

    EventsController(Webhooks webhooks, JsonMapper json) {
        this.webhooks = webhooks;
        this.data = json.readerFor(JsonNode.class).with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    }

    record EventView(
            @Schema(description = "the event's id")
            @JsonProperty("Id") UUID id,
            @Schema(description = "the event's type (payout.completed, ...)")
            @JsonProperty("Type") String type,
            @Schema(description = "when it was published")
            @JsonProperty("CreatedAt") OffsetDateTime createdAt,
            @Schema(description = "the event's payload: the payment's status record")
            @JsonProperty("Data") JsonNode data) {
    }

    record EventList(
            @Schema(description = "the client's events, newest first")
            @JsonProperty("Events") List<EventView> events) {
    }

    record AttemptView(
            @Schema(description = "the attempt's number, from 1")
            @JsonProperty("AttemptNumber") int attemptNumber,
            @Schema(description = "when it was made")
            @JsonProperty("AttemptedAt") OffsetDateTime attemptedAt,
            @Schema(description = "the endpoint's HTTP status; null when it could not be reached")
            @JsonProperty("StatusCode") Integer statusCode,
            @Schema(description = "what went wrong; null on success")
            @JsonProperty("Error") String error,
            @Schema(description = "how long the endpoint took to answer, in milliseconds")
            @JsonProperty("LatencyMs") int latencyMs) {
    }

    record DeliveryView(
            @Schema(description = "the delivery's id")
            @JsonProperty("DeliveryId") UUID deliveryId,
            @Schema(description = "the webhook endpoint it goes to")
            @JsonProperty("WebhookId") UUID webhookId,
            @Schema(description = "the endpoint's URL")
            @JsonProperty("Url") String url,
            @Schema(description = "PENDING, DELIVERED or FAILED")
            @JsonProperty("Status") String status,
            @Schema(description = "when the delivery began")
            @JsonProperty("CreatedAt") OffsetDateTime createdAt,
            @Schema(description = "when it succeeded or was given up; null while it goes on")
            @JsonProperty("FinishedAt") OffsetDateTime finishedAt,
            @Schema(description = "its attempts, oldest first")
            @JsonProperty("Attempts") List<AttemptView> attempts) {
    }

    record EventDetail(
            @Schema(description = "the event's id")
            @JsonProperty("Id") UUID id,
            @Schema(description = "the event's type (payout.completed, ...)")
            @JsonProperty("Type") String type,
            @Schema(description = "when it was published")
            @JsonProperty("CreatedAt") OffsetDateTime createdAt,
            @Schema(description = "the event's payload: the payment's status record")
            @JsonProperty("Data") JsonNode data,
            @Schema(description = "its deliveries, one per webhook endpoint")
            @JsonProperty("Deliveries") List<DeliveryView> deliveries) {
    }

    record Redelivery(
            @Schema(description = "the event sent again")
            @JsonProperty("EventId") UUID eventId,
            @Schema(description = "the new deliveries")
            @JsonProperty("Deliveries") List<DeliveryView> deliveries) {
    }

    @Operation(summary = "List recent events, newest first (optional Type filter, Limit 1-100, default 50)")
    @GetMapping
    EventList list(@RequestParam(value = "Type", required = false) String type,
                   @RequestParam(value = "Limit", defaultValue = "50") @Min(1) @Max(100) int limit,
                   AuthenticatedClient client) {
        return new EventList(webhooks.events(client.clientId(), type, limit).stream()
                .map(e -> new EventView(e.id(), e.type(), e.createdAt(), data.readValue(e.dataJson()))).toList());
    }

    @Operation(summary = "One event with every delivery and attempt")
    @GetMapping("/{eventId}")
    EventDetail get(@PathVariable UUID eventId, AuthenticatedClient client) {
        Event event = webhooks.event(client.clientId(), eventId);
        return new EventDetail(event.id(), event.type(), event.createdAt(), data.readValue(event.dataJson()),
                webhooks.deliveriesOf(event.id()).stream().map(this::view).toList());
    }

    @Operation(summary = "Deliver an event again, to every active endpoint subscribed to it (and to its callback URL)")
    @PostMapping("/{eventId}/redeliver")
    ResponseEntity<Redelivery> redeliver(@PathVariable UUID eventId, AuthenticatedClient client) {
        List<Delivery> started = webhooks.redeliver(client.clientId(), eventId);
        return ResponseEntity.status(HttpStatus.ACCEPTED)
                .body(new Redelivery(eventId, started.stream().map(this::view).toList()));
    }

    private DeliveryView view(Delivery d) {
        return new DeliveryView(d.id(), d.webhookId(), d.url(), d.status().name(), d.createdAt(), d.finishedAt(),
                webhooks.attemptsOf(d.id()).stream().map(a -> new AttemptView(a.attemptNumber(), a.attemptedAt(),
                        a.statusCode(), a.error(), a.latencyMs())).toList());
    }
}
