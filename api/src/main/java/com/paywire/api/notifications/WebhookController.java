package com.paywire.api.notifications;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.notifications.Webhooks;
import com.paywire.vocabulary.notifications.WebhookEndpoint;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Webhook endpoints for card events, over {@link Webhooks}. The SigningSecret is stored encrypted and never returned. */
@RestController
@RequestMapping("${paywire.cards.base-path}/webhooks")
@Tag(name = "Webhooks and events")
@RequiresScope(Scope.WEBHOOKS)
class WebhookController {

    private final Webhooks webhooks;

    WebhookController(Webhooks webhooks) {
        this.webhooks = webhooks;
    }

    record RegisterWebhook(
            @Schema(description = "where Paywire posts the events; HTTPS outside the local stack")
            @JsonProperty("Url") @NotBlank @Size(max = 2048) String url,
            @Schema(description = "the event types to send (payout.completed, ...), or * for all")
            @JsonProperty("Events") @NotEmpty List<String> events,
            @Schema(description = "a note about the endpoint")
            @JsonProperty("Description") @Size(max = 500) String description,
            @Schema(description = "the secret (16-256 characters) each delivery is signed with, so the endpoint can "
                    + "tell it came from Paywire")
            @JsonProperty("SigningSecret") @NotBlank @Size(min = 16, max = 256) String signingSecret) {

        Webhooks.Registration registration() {
            return new Webhooks.Registration(url, events, description, signingSecret);
        }
    }

    record WebhookView(
            @Schema(description = "the webhook endpoint's id")
            @JsonProperty("WebhookId") UUID webhookId,
            @Schema(description = "where Paywire posts the events")
            @JsonProperty("Url") String url,
            @Schema(description = "the event types it receives")
            @JsonProperty("Events") List<String> events,
            @Schema(description = "the note about the endpoint")
            @JsonProperty("Description") String description,
            @Schema(description = "ACTIVE or INACTIVE")
            @JsonProperty("Status") String status,
            @Schema(description = "when it was registered")
            @JsonProperty("CreatedAt") OffsetDateTime createdAt) {

        static WebhookView of(WebhookEndpoint endpoint) {
            return new WebhookView(endpoint.id(), endpoint.url(), endpoint.events(), endpoint.description(),
                    endpoint.status().name(), endpoint.createdAt());
        }
    }

    record WebhookList(
            @Schema(description = "the client's webhook endpoints")
            @JsonProperty("Webhooks") List<WebhookView> webhooks) {
    }

    @Operation(summary = "Register webhook endpoint",
            description = "Answers 201 with the endpoint. Each delivery is a POST signed with SigningSecret; an "
            + "endpoint that keeps failing becomes INACTIVE until activated again.")
    @PostMapping
    ResponseEntity<WebhookView> register(@Valid @RequestBody RegisterWebhook request, AuthenticatedClient client) {
        return ResponseEntity.status(HttpStatus.CREATED)
                .body(WebhookView.of(webhooks.register(client.clientId(), request.registration())));
    }

    @Operation(summary = "List Registered Webhooks (never with their SigningSecret)")
    @GetMapping
    WebhookList list(AuthenticatedClient client) {
        return new WebhookList(webhooks.list(client.clientId()).stream().map(WebhookView::of).toList());
    }

    @Operation(summary = "Delete Webhook Endpoint: deliveries to it stop")
    @DeleteMapping("/{webhookId}")
    ResponseEntity<Void> delete(@PathVariable UUID webhookId, AuthenticatedClient client) {
        webhooks.delete(client.clientId(), webhookId);
        return ResponseEntity.noContent().build();
    }

    @Operation(summary = "Activate an INACTIVE webhook endpoint: it then receives the events it missed, in order")
    @PostMapping("/{webhookId}/activate")
    WebhookView activate(@PathVariable UUID webhookId, AuthenticatedClient client) {
        return WebhookView.of(webhooks.activate(client.clientId(), webhookId));
    }
}
