package com.paywire.api.cards;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.FieldErrorsException;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.input.Amount;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.persistence.cards.CardStore;
import com.paywire.persistence.cards.CardSummary;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * 3-D Secure and fraud screening. The sandbox's 3-D Secure directory (documented in the README) decides by
 * network: Visa cards authenticate frictionless, Mastercard cards need a challenge, others are not enrolled. A real directory server replaces it behind these same three operations.
 */
@RestController
@RequestMapping("${paywire.cards.base-path}")
@Tag(name = "Card payments")
@RequiresScope(Scope.CARDS)
class CardRiskController {

    private final CardSources sources;
    private final CardStore cards;
    private final FraudRules fraud;
    private final EventPublisher events;

    CardRiskController(CardSources sources, CardStore cards, FraudRules fraud, EventPublisher events) {
        this.sources = sources;
        this.cards = cards;
        this.fraud = fraud;
        this.events = events;
    }

    record SetupRequest(@JsonProperty("TransientToken") String transientToken,
                        @JsonProperty("PaymentInstrumentId") String paymentInstrumentId) {
    }

    record EnrolmentRequest(@JsonProperty("ReferenceId") @NotBlank String referenceId,
                            @JsonProperty("Amount") @NotBlank @Amount String amount,
                            @JsonProperty("Currency") @NotBlank @Pattern(regexp = "[A-Z]{3}", message = "must be an ISO 4217 letter code") String currency,
                            @JsonProperty("ReturnUrl") String returnUrl) {
    }

    record ValidateRequest(@JsonProperty("PayerAuthenticationId") @NotBlank String payerAuthenticationId,
                           @JsonProperty("TransactionId") String transactionId) {
    }

    record FraudRequest(@JsonProperty("Amount") @NotBlank @Amount String amount,
                        @JsonProperty("Currency") @NotBlank @Pattern(regexp = "[A-Z]{3}", message = "must be an ISO 4217 letter code") String currency,
                        @JsonProperty("BillingAddress") Map<String, Object> billingAddress,
                        @JsonProperty("TransientToken") String transientToken,
                        @JsonProperty("PaymentInstrumentId") String paymentInstrumentId,
                        @JsonProperty("DeviceFingerprintId") String deviceFingerprintId) {
    }

    @Operation(summary = "3DS Setup")
    @PostMapping("/3ds/setup")
    Map<String, Object> setup(@Valid @RequestBody SetupRequest request, AuthenticatedClient client) {
        CardSummary card = sources.resolve(client.clientId(), request.transientToken(), request.paymentInstrumentId(),
                "", CardSources.TokenUse.LOOK);
        String referenceId = "3dsref_" + CardInstrumentsController.randomHex(12);
        cards.savePayerAuthentication(new CardStore.PayerAuthentication("pa_" + CardInstrumentsController.randomHex(12),
                referenceId, card.processorInstrumentId(), card.network(), "SETUP", null, null, null, null), client.clientId());
        return Map.of("ReferenceId", referenceId,
                "DeviceDataCollectionUrl", ServletUriComponentsBuilder.fromCurrentContextPath()
                        .path("/3ds/device-data/" + referenceId).toUriString(),
                "AccessToken", CardInstrumentsController.randomHex(24));
    }

    @Operation(summary = "3DS Enrolment Check")
    @PostMapping("/3ds/enrolment-check")
    Map<String, Object> enrolment(@Valid @RequestBody EnrolmentRequest request, AuthenticatedClient client) {
        CardStore.PayerAuthentication setup = cards.findPayerAuthentication(client.clientId(), request.referenceId())
                .orElseThrow(() -> FieldErrorsException.of(null, "ReferenceId", "No 3-D Secure setup with that ReferenceId."));
        String status = switch (setup.network()) {
            case "VISA" -> "AUTHENTICATION_SUCCESSFUL";
            case "MASTERCARD" -> "PENDING_AUTHENTICATION";
            default -> "NOT_ENROLLED";
        };
        boolean frictionless = status.equals("AUTHENTICATION_SUCCESSFUL");
        cards.savePayerAuthentication(new CardStore.PayerAuthentication(setup.id(), setup.referenceId(),
                setup.processorInstrumentId(), setup.network(), status, new BigDecimal(request.amount()), request.currency(),
                frictionless ? "05" : null, frictionless ? cavv() : null), client.clientId());
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("PayerAuthenticationId", setup.id());
        answer.put("Status", status);
        if (status.equals("PENDING_AUTHENTICATION")) {
            answer.put("StepUpUrl", ServletUriComponentsBuilder.fromCurrentContextPath()
                    .path("/3ds/challenge/" + setup.id()).toUriString());
        }
        if (frictionless) {
            authenticated(client, setup.id(), status);
        }
        return answer;
    }

    @Operation(summary = "3DS Validate Result: emits authentication.completed")
    @PostMapping("/3ds/validate")
    Map<String, Object> validate(@Valid @RequestBody ValidateRequest request, AuthenticatedClient client) {
        CardStore.PayerAuthentication pending = cards.findPayerAuthentication(client.clientId(), request.payerAuthenticationId())
                .orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND, "No payer authentication with that PayerAuthenticationId"));
        CardStore.PayerAuthentication done = pending;
        if ("PENDING_AUTHENTICATION".equals(pending.status())) {
            done = new CardStore.PayerAuthentication(pending.id(), pending.referenceId(), pending.processorInstrumentId(),
                    pending.network(), "AUTHENTICATION_SUCCESSFUL", pending.amount(), pending.currency(), "02", cavv());
            cards.savePayerAuthentication(done, client.clientId());
            authenticated(client, done.id(), done.status());
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("Status", done.status());
        answer.put("Eci", done.eci());
        answer.put("Cavv", done.cavv());
        return answer;
    }

    @Operation(summary = "Fraud Screen Transaction: ACCEPT, REVIEW or REJECT (emits fraud.rejected)")
    @PostMapping("/fraud/screen")
    Map<String, Object> screen(@Valid @RequestBody FraudRequest request, AuthenticatedClient client) {
        CardSummary card = sources.resolve(client.clientId(), request.transientToken(), request.paymentInstrumentId(),
                "", CardSources.TokenUse.LOOK);
        Object country = request.billingAddress() == null ? null : request.billingAddress().get("Country");
        FraudRules.Decision decision = fraud.screen(client.clientId(), card, new BigDecimal(request.amount()),
                request.currency(), country == null ? null : country.toString());
        if (decision.rejected()) {
            events.publishNow(client.clientId(), "fraud.rejected", decision.id(),
                    new CardPaymentsController.FraudRejected(decision.id(), null, String.join(",", decision.reasons())));
        }
        return Map.of("FraudScreenId", decision.id(), "Decision", decision.decision(), "Score", decision.score(),
                "Reasons", List.copyOf(decision.reasons()));
    }

    private void authenticated(AuthenticatedClient client, String id, String status) {
        events.publishNow(client.clientId(), "authentication.completed", id, new AuthenticationCompleted(id, status));
    }

    /** The data of an authentication.completed event. */
    record AuthenticationCompleted(@JsonProperty("PayerAuthenticationId") String payerAuthenticationId,
                                   @JsonProperty("Status") String status) {
    }

    private static String cavv() {
        return java.util.Base64.getEncoder().encodeToString(CardInstrumentsController.randomHex(10).getBytes());
    }
}
