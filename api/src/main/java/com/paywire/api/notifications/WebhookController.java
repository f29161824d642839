package com.paywire.api.notifications;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ErrorBodies.FieldError;
import com.paywire.api.errors.FieldErrorsException;
import com.paywire.api.errors.ReasonException;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.persistence.notifications.WebhookEndpoint;
import com.paywire.persistence.notifications.WebhookStatus;
import com.paywire.persistence.notifications.WebhookStore;
import com.paywire.persistence.secrets.SecretCipher;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Webhook endpoints for card events. The SigningSecret is stored encrypted and never returned. */
@RestController
@RequestMapping("${paywire.cards.base-path}/webhooks")
@Tag(name = "Webhooks and events")
@RequiresScope(Scope.WEBHOOKS)
class WebhookController {

    private static final Logger log = LoggerFactory.getLogger(WebhookController.class);

    private final WebhookStore webhooks;
    private final EventStore events;
    private final SecretCipher cipher;
    private final UrlPolicy urlPolicy;
    private final EventPublisher deliveries;
    private final Clock clock;

    WebhookController(WebhookStore webhooks, EventStore events, SecretCipher cipher, UrlPolicy urlPolicy,
                      EventPublisher deliveries, Clock clock) {
        this.webhooks = webhooks;
        this.events = events;
        this.cipher = cipher;
        this.urlPolicy = urlPolicy;
        this.deliveries = deliveries;
        this.clock = clock;
    }

    record RegisterWebhook(@JsonProperty("Url") @NotBlank @Size(max = 2048) String url,
                           @JsonProperty("Events") @NotEmpty List<String> events,
                           @JsonProperty("Description") @Size(max = 500) String description,
                           @JsonProperty("SigningSecret") @NotBlank @Size(min = 16, max = 256) String signingSecret) {
    }

    record WebhookView(@JsonProperty("WebhookId") UUID webhookId, @JsonProperty("Url") String url,
                       @JsonProperty("Events") List<String> events, @JsonProperty("Description") String description,
                       @JsonProperty("Status") String status, @JsonProperty("CreatedAt") OffsetDateTime createdAt) {

        static WebhookView of(WebhookEndpoint endpoint) {
            return new WebhookView(endpoint.id(), endpoint.url(), endpoint.events(), endpoint.description(),
                    endpoint.status().name(), endpoint.createdAt());
        }
    }

    record WebhookList(@JsonProperty("Webhooks") List<WebhookView> webhooks) {
    }

    @Operation(summary = "Register webhook endpoint")
    @PostMapping
    ResponseEntity<WebhookView> register(@Valid @RequestBody RegisterWebhook request, AuthenticatedClient client) {
        List<FieldError> errors = new ArrayList<>();
        urlPolicy.refusal(request.url()).ifPresent(why -> errors.add(new FieldError("Url", "The Url " + why + ".")));
        for (int i = 0; i < request.events().size(); i++) {
            if (!WebhookEvents.ALL.contains(request.events().get(i))) {
                errors.add(new FieldError("Events[" + i + "]", "The event '" + request.events().get(i)
                        + "' is not one of " + WebhookEvents.ALL + "."));
            }
        }
        if (!errors.isEmpty()) {
            throw new FieldErrorsException(null, errors);
        }
        WebhookEndpoint endpoint = new WebhookEndpoint(UUID.randomUUID(), client.clientId(), request.url(),
                request.events().stream().distinct().toList(), request.description(),
                cipher.encrypt(request.signingSecret()), WebhookStatus.ACTIVE, OffsetDateTime.now(clock));
        webhooks.insert(endpoint);
        log.info("Client {} registered webhook {} for {}", client.clientId(), endpoint.id(), endpoint.events());
        return ResponseEntity.status(HttpStatus.CREATED).body(WebhookView.of(endpoint));
    }

    @Operation(summary = "List Registered Webhooks (never with their SigningSecret)")
    @GetMapping
    WebhookList list(AuthenticatedClient client) {
        return new WebhookList(webhooks.list(client.clientId()).stream().map(WebhookView::of).toList());
    }

    @Operation(summary = "Delete Webhook Endpoint: deliveries to it stop")
    @DeleteMapping("/{webhookId}")
    ResponseEntity<Void> delete(@PathVariable UUID webhookId, AuthenticatedClient client) {
        WebhookEndpoint endpoint = owned(client, webhookId);
        webhooks.setStatus(endpoint.id(), endpoint.status(), WebhookStatus.DELETED);
        return ResponseEntity.noContent().build();
    }

    @Operation(summary = "Activate an INACTIVE webhook endpoint: it then receives the events it missed, in order")
    @PostMapping("/{webhookId}/activate")
    WebhookView activate(@PathVariable UUID webhookId, AuthenticatedClient client) {
        WebhookEndpoint endpoint = owned(client, webhookId);
        if (webhooks.setStatus(endpoint.id(), WebhookStatus.INACTIVE, WebhookStatus.ACTIVE)) {
            UUID previous = null;
            List<EventStore.Delivery> missed = events.missedBy(endpoint.id());
            for (EventStore.Delivery old : missed) {
                EventStore.Delivery again = events.redeliver(old.eventId(), endpoint.id(), endpoint.url(), previous);
                deliveries.start(again);
                previous = again.id();
            }
            log.info("Webhook {} reactivated; {} missed events on their way", endpoint.id(), missed.size());
        }
        return WebhookView.of(webhooks.find(client.clientId(), webhookId).orElseThrow());
    }

    private WebhookEndpoint owned(AuthenticatedClient client, UUID webhookId) {
        return webhooks.find(client.clientId(), webhookId)
                .orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND, "No webhook " + webhookId));
    }
}
