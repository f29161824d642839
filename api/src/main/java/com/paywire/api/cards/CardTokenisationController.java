package com.paywire.api.cards;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.errors.ReasonException;
import com.paywire.domain.cards.CardTokens;
import com.paywire.domain.rails.cardprocessor.CardVault;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.time.Instant;
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
    private final CardTokens tokens;

    CardTokenisationController(CaptureContexts contexts, CardTokens tokens) {
        this.contexts = contexts;
        this.tokens = tokens;
    }

    record TokeniseRequest(
            @Schema(description = "the capture context the merchant's server was given for this page")
            @JsonProperty("CaptureContext") @NotBlank String captureContext,
            @Schema(description = "the card number (digits, spaces allowed)")
            @JsonProperty("Number") @NotBlank @Size(max = 23) String number,
            @Schema(description = "the card's expiry month, two digits")
            @JsonProperty("ExpiryMonth") @NotBlank String expiryMonth,
            @Schema(description = "the card's expiry year, four digits")
            @JsonProperty("ExpiryYear") @NotBlank String expiryYear,
            @Schema(description = "the card's security code (CVV)")
            @JsonProperty("SecurityCode") @NotBlank String securityCode) {
    }

    record TokeniseResponse(
            @Schema(description = "the token standing for the card, to send to the merchant's server")
            @JsonProperty("TransientToken") String transientToken,
            @Schema(description = "when it stops working")
            @JsonProperty("ExpiresAt") Instant expiresAt) {
    }

    /** CORS preflight of the browser's tokenisation call; the real call checks its Origin against the context. */
    @Operation(summary = "(browser) CORS preflight of Tokenise card: lets the page's origin POST; no body, no token")
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
        CardTokens.TransientToken token = tokens.tokenise(context.clientId(), new CardVault.CardDetails(
                request.number(), request.expiryMonth(), request.expiryYear(), request.securityCode()),
                context.allowedNetworks());
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(HttpStatus.CREATED);
        if (origin != null) {
            answer.header(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        }
        return answer.body(new TokeniseResponse(token.token(), token.expiresAt()));
    }
}
