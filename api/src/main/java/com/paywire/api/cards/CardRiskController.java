package com.paywire.api.cards;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.input.Amount;
import com.paywire.api.input.NumberOrText;
import com.paywire.domain.cards.CardRisk;
import com.paywire.domain.cards.PayerAuthentication;
import com.paywire.domain.platform.FieldRules;
import com.paywire.workflows.cards.FraudDecision;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;
import tools.jackson.databind.annotation.JsonDeserialize;

/** 3-D Secure and fraud screening over {@link CardRisk}. */
@RestController
@RequestMapping("${paywire.cards.base-path}")
@Tag(name = "Card payments")
@RequiresScope(Scope.CARDS)
class CardRiskController {

    private static final int MAX_RETURN_URL = 2048;

    private final CardRisk risk;

    CardRiskController(CardRisk risk) {
        this.risk = risk;
    }

    record SetupRequest(
            @Schema(description = "the card, as a browser tokenised it, or in the sandbox a test token"
                    + " such as tok_sandbox_visa_authorised; give this or PaymentInstrumentId")
            @JsonProperty("TransientToken") String transientToken,
            @Schema(description = "a saved card; give this or TransientToken")
            @JsonProperty("PaymentInstrumentId") String paymentInstrumentId) {
    }

    record EnrolmentRequest(
            @Schema(description = "the ReferenceId the 3-D Secure setup answered")
            @JsonProperty("ReferenceId") @NotBlank String referenceId,
            @Schema(description = "the payment's amount, to the cent")
            @JsonProperty("Amount") @NotBlank
            @JsonDeserialize(using = NumberOrText.class) @Amount String amount,
            @Schema(description = "the currency's three-letter ISO 4217 code (KES)")
            @JsonProperty("Currency") @NotBlank @Pattern(regexp = "[A-Z]{3}", message = "must be an ISO 4217 letter code") String currency,
            @Schema(description = "where the payer's browser returns after a challenge")
            @JsonProperty("ReturnUrl") String returnUrl) {
    }

    record ValidateRequest(
            @Schema(description = "the authentication the enrolment check began")
            @JsonProperty("PayerAuthenticationId") @NotBlank String payerAuthenticationId,
            @Schema(description = "the challenge's transaction id the payer's browser was given")
            @JsonProperty("TransactionId") String transactionId) {
    }

    record FraudRequest(
            @Schema(description = "the payment's amount, to the cent")
            @JsonProperty("Amount") @NotBlank
            @JsonDeserialize(using = NumberOrText.class) @Amount String amount,
            @Schema(description = "the currency's three-letter ISO 4217 code (KES)")
            @JsonProperty("Currency") @NotBlank @Pattern(regexp = "[A-Z]{3}", message = "must be an ISO 4217 letter code") String currency,
            @Schema(description = "the card holder's billing address (FirstName, LastName, Email, PhoneNumber, "
                    + "Country)")
            @JsonProperty("BillingAddress") Map<String, Object> billingAddress,
            @Schema(description = "the card, as a browser tokenised it, or in the sandbox a test token"
                    + " such as tok_sandbox_visa_authorised; give this or PaymentInstrumentId")
            @JsonProperty("TransientToken") String transientToken,
            @Schema(description = "a saved card; give this or TransientToken")
            @JsonProperty("PaymentInstrumentId") String paymentInstrumentId,
            @Schema(description = "the id of the payer's device fingerprint")
            @JsonProperty("DeviceFingerprintId") String deviceFingerprintId) {
    }

    @Operation(summary = "3DS Setup")
    @PostMapping("/3ds/setup")
    Map<String, Object> setup(@Valid @RequestBody SetupRequest request, AuthenticatedClient client) {
        PayerAuthentication.Setup setup = risk.setupAuthentication(client.clientId(), request.transientToken(),
                request.paymentInstrumentId());
        return Map.of("ReferenceId", setup.referenceId(),
                "DeviceDataCollectionUrl", ServletUriComponentsBuilder.fromCurrentContextPath()
                        .path("/3ds/device-data/" + setup.referenceId()).toUriString(),
                "AccessToken", setup.accessToken());
    }

    @Operation(summary = "3DS Enrolment Check")
    @PostMapping("/3ds/enrolment-check")
    Map<String, Object> enrolment(@Valid @RequestBody EnrolmentRequest request, AuthenticatedClient client) {
        FieldRules rules = new FieldRules();
        rules.browserUrl("ReturnUrl", request.returnUrl(), false, MAX_RETURN_URL);
        rules.refuseIfAny(null);
        PayerAuthentication.Enrolment enrolment = risk.checkEnrolment(client.clientId(), request.referenceId(),
                new BigDecimal(request.amount()), request.currency());
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("PayerAuthenticationId", enrolment.payerAuthenticationId());
        answer.put("Status", enrolment.status());
        if (enrolment.status() == PayerAuthentication.Status.PENDING_AUTHENTICATION) {
            answer.put("StepUpUrl", ServletUriComponentsBuilder.fromCurrentContextPath()
                    .path("/3ds/challenge/" + enrolment.payerAuthenticationId()).toUriString());
        }
        return answer;
    }

    @Operation(summary = "3DS Validate Result: emits authentication.completed")
    @PostMapping("/3ds/validate")
    Map<String, Object> validate(@Valid @RequestBody ValidateRequest request, AuthenticatedClient client) {
        PayerAuthentication.Result result = risk.validateAuthentication(client.clientId(), request.payerAuthenticationId());
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("Status", result.status());
        answer.put("Eci", result.eci());
        answer.put("Cavv", result.cavv());
        return answer;
    }

    @Operation(summary = "Fraud Screen Transaction: ACCEPT, REVIEW or REJECT (emits fraud.rejected)")
    @PostMapping("/fraud/screen")
    Map<String, Object> screen(@Valid @RequestBody FraudRequest request, AuthenticatedClient client) {
        Object country = request.billingAddress() == null ? null : request.billingAddress().get("Country");
        FraudDecision decision = risk.screen(client.clientId(), request.transientToken(), request.paymentInstrumentId(),
                new BigDecimal(request.amount()), request.currency(), country == null ? null : country.toString());
        return Map.of("FraudScreenId", decision.id(), "Decision", decision.decision(), "Score", decision.score(),
                "Reasons", List.copyOf(decision.reasons()));
    }
}
