package com.paywire.api.cards;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.errors.ErrorBodies.FieldError;
import com.paywire.api.errors.FieldErrorsException;
import com.paywire.api.errors.ReasonException;
import com.paywire.persistence.cards.CardStore;
import com.paywire.persistence.cards.CardSummary;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Capture contexts, browser tokenisation (the only endpoint that sees a card number), and saved cards. */
@RestController
@RequestMapping("${paywire.cards.base-path}")
@Tag(name = "Card payments")
class CardInstrumentsController {

    private static final Set<String> NETWORKS = Set.of("VISA", "MASTERCARD", "AMEX");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final CaptureContexts contexts;
    private final CardVaultClient vault;
    private final CardStore cards;
    private final CardSources sources;
    private final JsonMapper json;
    private final Clock clock;

    CardInstrumentsController(CaptureContexts contexts, CardVaultClient vault, CardStore cards, CardSources sources,
                              JsonMapper json, Clock clock) {
        this.contexts = contexts;
        this.vault = vault;
        this.cards = cards;
        this.sources = sources;
        this.json = json;
        this.clock = clock;
    }

    record CaptureContextRequest(@JsonProperty("TargetOrigins") @NotEmpty List<@NotBlank String> targetOrigins,
                                 @JsonProperty("AllowedCardNetworks") List<String> allowedCardNetworks) {
    }

    record CaptureContextResponse(@JsonProperty("CaptureContext") String captureContext,
                                  @JsonProperty("ExpiresAt") Instant expiresAt) {
    }

    record TokeniseRequest(@JsonProperty("CaptureContext") @NotBlank String captureContext,
                           @JsonProperty("Number") @NotBlank @Size(max = 23) String number,
                           @JsonProperty("ExpiryMonth") @NotBlank String expiryMonth,
                           @JsonProperty("ExpiryYear") @NotBlank String expiryYear,
                           @JsonProperty("SecurityCode") @NotBlank String securityCode) {
    }

    record TokeniseResponse(@JsonProperty("TransientToken") String transientToken,
                            @JsonProperty("ExpiresAt") Instant expiresAt) {
    }

    record SaveCardRequest(@JsonProperty("TransientToken") @NotBlank String transientToken,
                           @JsonProperty("BillingAddress") Map<String, Object> billingAddress) {
    }

    record CardSummaryView(@JsonProperty("Network") String network, @JsonProperty("LastFour") String lastFour,
                           @JsonProperty("ExpiryMonth") String expiryMonth, @JsonProperty("ExpiryYear") String expiryYear) {

        static CardSummaryView of(CardSummary card) {
            return new CardSummaryView(card.network(), card.lastFour(), card.expiryMonth(), card.expiryYear());
        }
    }

    record SavedCardView(@JsonProperty("PaymentInstrumentId") String paymentInstrumentId,
                         @JsonProperty("CardSummary") CardSummaryView cardSummary,
                         @JsonProperty("BillingAddress") JsonNode billingAddress,
                         @JsonProperty("CreatedAt") OffsetDateTime createdAt) {
    }

    @Operation(summary = "Generate Capture Context: lets a browser on these origins tokenise a card")
    @PostMapping("/capture-context")
    CaptureContextResponse captureContext(@Valid @RequestBody CaptureContextRequest request, AuthenticatedClient client) {
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < request.targetOrigins().size(); i++) {
            if (!request.targetOrigins().get(i).matches("https?://[^/\\s]+")) {
                errors.add(new FieldError("TargetOrigins[" + i + "]", "An origin is scheme://host[:port], without a path."));
            }
        }
        List<String> networks = request.allowedCardNetworks() == null || request.allowedCardNetworks().isEmpty()
                ? List.copyOf(NETWORKS) : request.allowedCardNetworks();
        for (int i = 0; i < networks.size(); i++) {
            if (!NETWORKS.contains(networks.get(i))) {
                errors.add(new FieldError("AllowedCardNetworks[" + i + "]", "The network must be one of " + NETWORKS + "."));
            }
        }
        if (!errors.isEmpty()) {
            throw new FieldErrorsException(null, errors);
        }
        Instant expiresAt = clock.instant().plus(CaptureContexts.LIFETIME);
        return new CaptureContextResponse(contexts.issue(client.clientId(), request.targetOrigins(), networks, expiresAt),
                expiresAt);
    }

    /** CORS preflight of the browser's tokenisation call; the real call checks its Origin against the context. */
    @RequestMapping(path = "/transient-tokens", method = RequestMethod.OPTIONS)
    ResponseEntity<Void> tokenisePreflight(@RequestHeader(value = HttpHeaders.ORIGIN, required = false) String origin) {
        return ResponseEntity.noContent()
                .header(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, origin == null ? "*" : origin)
                .header(HttpHeaders.ACCESS_CONTROL_ALLOW_METHODS, "POST")
                .header(HttpHeaders.ACCESS_CONTROL_ALLOW_HEADERS, "Content-Type")
                .header(HttpHeaders.ACCESS_CONTROL_MAX_AGE, "600").build();
    }

    @Operation(summary = "(browser) Tokenise card: authenticated by the capture context; answers a 15-minute single-use TransientToken")
    @PostMapping("/transient-tokens")
    ResponseEntity<TokeniseResponse> tokenise(@Valid @RequestBody TokeniseRequest request,
                                              @RequestHeader(value = HttpHeaders.ORIGIN, required = false) String origin) {
        CaptureContexts.Context context = contexts.verify(request.captureContext())
                .orElseThrow(() -> new ReasonException(HttpStatus.UNAUTHORIZED, "The capture context is invalid or expired"));
        if (origin != null && !context.targetOrigins().contains(origin)) {
            throw new ReasonException(HttpStatus.FORBIDDEN, "This origin may not use the capture context");
        }
        String digits = request.number().replaceAll("[\\s-]", "");
        List<FieldError> errors = new ArrayList<>();
        String network = digits.matches("\\d{12,19}") ? CardNumbers.network(digits) : null;
        if (!digits.matches("\\d{12,19}") || !CardNumbers.passesLuhn(digits)) {
            errors.add(new FieldError("Number", "The card number is not valid."));
        } else if (network == null || !context.allowedNetworks().contains(network)) {
            errors.add(new FieldError("Number", "This card network is not accepted here."));
        }
        if (!request.expiryMonth().matches("0[1-9]|1[0-2]")) {
            errors.add(new FieldError("ExpiryMonth", "The ExpiryMonth is two digits, 01 to 12."));
        }
        if (!request.expiryYear().matches("\\d{4}")) {
            errors.add(new FieldError("ExpiryYear", "The ExpiryYear is four digits."));
        } else if (request.expiryMonth().matches("0[1-9]|1[0-2]")) {
            var now = OffsetDateTime.now(clock.withZone(ZoneOffset.UTC));
            int year = Integer.parseInt(request.expiryYear());
            int month = Integer.parseInt(request.expiryMonth());
            if (year < now.getYear() || (year == now.getYear() && month < now.getMonthValue())) {
                errors.add(new FieldError("ExpiryYear", "The card has expired."));
            }
        }
        if (!request.securityCode().matches("\\d{3,4}")) {
            errors.add(new FieldError("SecurityCode", "The SecurityCode is 3 or 4 digits."));
        }
        if (!errors.isEmpty()) {
            throw new FieldErrorsException(null, errors);
        }
        String instrumentId = vault.vault(digits, request.expiryMonth(), request.expiryYear(), request.securityCode());
        String token = "tt_" + randomHex(24);
        Instant expiresAt = clock.instant().plus(CaptureContexts.LIFETIME);
        cards.saveTransientToken(token, context.clientId(), new CardSummary(instrumentId, network,
                digits.substring(digits.length() - 4), request.expiryMonth(), request.expiryYear()),
                OffsetDateTime.ofInstant(expiresAt, ZoneOffset.UTC));
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(HttpStatus.CREATED);
        if (origin != null) {
            answer.header(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        }
        return answer.body(new TokeniseResponse(token, expiresAt));
    }

    @Operation(summary = "Save Card: keeps the card behind a TransientToken as a PaymentInstrumentId")
    @PostMapping("/cards")
    ResponseEntity<SavedCardView> save(@Valid @RequestBody SaveCardRequest request, AuthenticatedClient client) {
        CardSummary card = sources.resolve(client.clientId(), request.transientToken(), null, "", true);
        String id = "pi_" + randomHex(16);
        String billing = request.billingAddress() == null ? null : json.writeValueAsString(request.billingAddress());
        cards.saveCard(id, client.clientId(), card, billing);
        return ResponseEntity.status(HttpStatus.CREATED).body(view(cards.findCard(client.clientId(), id).orElseThrow()));
    }

    @Operation(summary = "Retrieve Saved Card")
    @GetMapping("/cards/{paymentInstrumentId}")
    SavedCardView retrieve(@PathVariable String paymentInstrumentId, AuthenticatedClient client) {
        return cards.findCard(client.clientId(), paymentInstrumentId).map(this::view)
                .orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND, "No saved card with that PaymentInstrumentId"));
    }

    @Operation(summary = "Delete Saved Card")
    @DeleteMapping("/cards/{paymentInstrumentId}")
    ResponseEntity<Void> delete(@PathVariable String paymentInstrumentId, AuthenticatedClient client) {
        if (!cards.deleteCard(client.clientId(), paymentInstrumentId)) {
            throw new ReasonException(HttpStatus.NOT_FOUND, "No saved card with that PaymentInstrumentId");
        }
        return ResponseEntity.noContent().build();
    }

    private SavedCardView view(CardStore.SavedCard saved) {
        return new SavedCardView(saved.id(), CardSummaryView.of(saved.card()),
                saved.billingAddressJson() == null ? null : json.readTree(saved.billingAddressJson()), saved.createdAt());
    }

    static String randomHex(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
