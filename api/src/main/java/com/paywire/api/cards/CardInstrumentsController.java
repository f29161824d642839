package com.paywire.api.cards;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.domain.cards.CaptureScope;
import com.paywire.domain.cards.SavedCards;
import com.paywire.domain.platform.WallClock;
import com.paywire.vocabulary.cards.CardSummary;
import com.paywire.vocabulary.cards.SavedCard;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Capture contexts (for the browser's tokenisation, see {@link CardTokenisationController}) for a
 * {@link CaptureScope}, and {@link SavedCards}.
 */
@RestController
@RequestMapping("${paywire.cards.base-path}")
@Tag(name = "Card payments")
@RequiresScope(Scope.CARDS)
class CardInstrumentsController {

    private final CaptureContexts contexts;
    private final SavedCards cards;
    private final JsonMapper json;
    private final Clock clock;

    CardInstrumentsController(CaptureContexts contexts, SavedCards cards, JsonMapper json, @WallClock Clock clock) {
        this.contexts = contexts;
        this.cards = cards;
        this.json = json;
        this.clock = clock;
    }

    record CaptureContextRequest(
            @Schema(description = "the origins (https://shop.example) of the pages that may tokenise cards")
            @JsonProperty("TargetOrigins") @NotEmpty List<@NotBlank String> targetOrigins,
            @Schema(description = "the card networks accepted (VISA, MASTERCARD); absent: all")
            @JsonProperty("AllowedCardNetworks") List<String> allowedCardNetworks) {
    }

    record CaptureContextResponse(
            @Schema(description = "the capture context (a signed token) that lets a browser on the listed origins "
                    + "tokenise a card")
            @JsonProperty("CaptureContext") String captureContext,
            @Schema(description = "when it stops working")
            @JsonProperty("ExpiresAt") Instant expiresAt) {
    }

    record SaveCardRequest(
            @Schema(description = "the card to keep, as a browser tokenised it, or in the sandbox a test token"
                    + " such as tok_sandbox_visa_authorised")
            @JsonProperty("TransientToken") @NotBlank String transientToken,
            @Schema(description = "the card holder's billing address, kept with the card")
            @JsonProperty("BillingAddress") Map<String, Object> billingAddress) {
    }

    record CardSummaryView(
            @Schema(description = "the card network (VISA, MASTERCARD, ...)")
            @JsonProperty("Network") String network,
            @Schema(description = "the last four digits of the card number")
            @JsonProperty("LastFour") String lastFour,
            @Schema(description = "the card's expiry month, two digits")
            @JsonProperty("ExpiryMonth") String expiryMonth,
            @Schema(description = "the card's expiry year, four digits")
            @JsonProperty("ExpiryYear") String expiryYear) {

        static CardSummaryView of(CardSummary card) {
            return new CardSummaryView(card.network(), card.lastFour(), card.expiryMonth(), card.expiryYear());
        }
    }

    record SavedCardView(
            @Schema(description = "the saved card's id, to pay with instead of a TransientToken")
            @JsonProperty("PaymentInstrumentId") String paymentInstrumentId,
            @Schema(description = "the card, without its number")
            @JsonProperty("CardSummary") CardSummaryView cardSummary,
            @Schema(description = "the card holder's billing address")
            @JsonProperty("BillingAddress") JsonNode billingAddress,
            @Schema(description = "when the card was saved")
            @JsonProperty("CreatedAt") OffsetDateTime createdAt) {
    }

    @Operation(summary = "Generate Capture Context: lets a browser on these origins tokenise a card")
    @PostMapping("/capture-context")
    CaptureContextResponse captureContext(@Valid @RequestBody CaptureContextRequest request, AuthenticatedClient client) {
        CaptureScope scope = CaptureScope.of(request.targetOrigins(), request.allowedCardNetworks());
        Instant expiresAt = clock.instant().plus(CaptureContexts.LIFETIME);
        return new CaptureContextResponse(contexts.issue(client.clientId(), scope.targetOrigins(),
                scope.allowedNetworks(), expiresAt), expiresAt);
    }

    @Operation(summary = "Save Card: keeps the card behind a TransientToken as a PaymentInstrumentId")
    @PostMapping("/cards")
    ResponseEntity<SavedCardView> save(@Valid @RequestBody SaveCardRequest request, AuthenticatedClient client) {
        String billing = request.billingAddress() == null ? null : json.writeValueAsString(request.billingAddress());
        return ResponseEntity.status(HttpStatus.CREATED)
                .body(view(cards.save(client.clientId(), request.transientToken(), billing)));
    }

    @Operation(summary = "Retrieve Saved Card")
    @GetMapping("/cards/{paymentInstrumentId}")
    SavedCardView retrieve(@PathVariable String paymentInstrumentId, AuthenticatedClient client) {
        return cards.find(client.clientId(), paymentInstrumentId).map(this::view)
                .orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND, "No saved card with that PaymentInstrumentId"));
    }

    @Operation(summary = "Delete Saved Card")
    @DeleteMapping("/cards/{paymentInstrumentId}")
    ResponseEntity<Void> delete(@PathVariable String paymentInstrumentId, AuthenticatedClient client) {
        if (!cards.delete(client.clientId(), paymentInstrumentId)) {
            throw new ReasonException(HttpStatus.NOT_FOUND, "No saved card with that PaymentInstrumentId");
        }
        return ResponseEntity.noContent().build();
    }

    private SavedCardView view(SavedCard saved) {
        return new SavedCardView(saved.id(), CardSummaryView.of(saved.card()),
                saved.billingAddressJson() == null ? null : json.readTree(saved.billingAddressJson()), saved.createdAt());
    }
}
