package com.paywire.api.cards;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.errors.ErrorBodies.FieldError;
import com.paywire.api.errors.FieldErrorsException;
import com.paywire.api.errors.ReasonException;
import com.paywire.domain.cards.CardIds;
import com.paywire.domain.cards.CardNumbers;
import com.paywire.domain.cards.CardVault;
import com.paywire.persistence.cards.CardStore;
import com.paywire.persistence.cards.CardSummary;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;

/**
 * The browser's tokenisation: the only endpoint that sees a card number. It takes no bearer token (the payer's
 * browser has none); the capture context the merchant's server obtained, and the page's Origin, authorise it.
 */
@RestController
@RequestMapping("${paywire.cards.base-path}")
@Tag(name = "Card payments")
class CardTokenisationController {

    private final CaptureContexts contexts;
    private final CardVault vault;
    private final CardStore cards;
    private final Clock clock;

    CardTokenisationController(CaptureContexts contexts, CardVault vault, CardStore cards, Clock clock) {
        this.contexts = contexts;
        this.vault = vault;
        this.cards = cards;
        this.clock = clock;
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
        // browsers always send Origin on this cross-origin POST: a call without one is not from the merchant's page
        if (origin == null || !context.targetOrigins().contains(origin)) {
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
        String instrumentId = vault.vault(new CardVault.CardDetails(digits, request.expiryMonth(),
                request.expiryYear(), request.securityCode()));
        String token = "tt_" + CardIds.randomHex(24);
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
}
