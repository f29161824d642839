package com.paywire.api.collections;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.input.Amount;
import com.paywire.domain.AmountLimit;
import com.paywire.domain.collections.CollectionsProperties;
import com.paywire.domain.collections.PaymentLinkDetails;
import com.paywire.domain.collections.PaymentLinks;
import com.paywire.persistence.collections.Deposit;
import com.paywire.persistence.collections.PaymentLink;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/** Payment links: a hosted page (see {@link PayerPageController}) where a payer pays by phone prompt. */
@RestController
@Tag(name = "Pay-ins")
@RequiresScope(Scope.COLLECTIONS)
class PaymentLinkController {

    private static final String CALLBACK = "optional: where the outcome of each payment made through the link is"
            + " POSTed, signed, as an express deposit's result with the PaymentLinkId; a URL Paywire may call"
            + " (docs/security.md)";

    private final PaymentLinks links;
    private final CollectionsProperties properties;

    PaymentLinkController(PaymentLinks links, CollectionsProperties properties) {
        this.links = links;
        this.properties = properties;
    }

    record CreateLink(@NotBlank @Size(max = 7) String shortCode, @Size(max = 128) String firstName,
                      @Size(max = 128) String lastName, @Email @Size(max = 256) String emailAddress,
                      @Size(max = 13) String phoneNumber, @Size(max = 100) String accountReference,
                      @Size(max = 50) String paymentType, @NotBlank @Size(max = 200) String description,
                      @NotNull Boolean isAmountSpecified, @Amount(limits = AmountLimit.PHONE_PROMPT) BigDecimal amount, @Size(max = 3) String currency,
                      @Size(max = 256) String redirectionSite,
                      @Schema(description = CALLBACK) @Size(max = 256) String callBackUrl) {

        PaymentLinkDetails details() {
            return new PaymentLinkDetails(shortCode, firstName, lastName, emailAddress, phoneNumber, accountReference,
                    paymentType, description, isAmountSpecified, amount, currency, redirectionSite, callBackUrl);
        }
    }

    record UpdateLink(@NotNull UUID id, @Size(max = 7) String shortCode, @Size(max = 128) String firstName,
                      @Size(max = 128) String lastName, @Email @Size(max = 256) String emailAddress,
                      @Size(max = 13) String phoneNumber, @Size(max = 100) String accountReference,
                      @Size(max = 50) String paymentType, @Size(max = 200) String description,
                      Boolean isAmountSpecified, @Amount(limits = AmountLimit.PHONE_PROMPT) BigDecimal amount, @Size(max = 3) String currency,
                      @Size(max = 256) String redirectionSite, String status,
                      @Schema(description = CALLBACK) @Size(max = 256) String callBackUrl) {

        PaymentLinkDetails changes() {
            return new PaymentLinkDetails(shortCode, firstName, lastName, emailAddress, phoneNumber, accountReference,
                    paymentType, description, isAmountSpecified, amount, currency, redirectionSite, callBackUrl);
        }
    }

    record LinkView(UUID id, String shortCode, String firstName, String lastName, String emailAddress,
                    String phoneNumber, String accountReference, String paymentType, String description,
                    boolean isAmountSpecified, BigDecimal amount, String currency, String redirectionSite,
                    @JsonInclude(JsonInclude.Include.NON_NULL) String callBackUrl, String url,
                    String status, OffsetDateTime createdDate, List<LinkPayment> payments) {
    }

    record LinkPayment(String originatorConversationId, String systemConversationId, BigDecimal amount,
                       String phoneNumber, String status, String resultCode, String resultDesc, String receiptNumber,
                       OffsetDateTime createdDate) {
    }

    @Operation(summary = "Create payment link: answers the stored link, whose url is the hosted payer page")
    @PostMapping("/v1/payment-link/create-payment-link")
    LinkView create(@Valid @RequestBody CreateLink r, AuthenticatedClient client) {
        return view(links.create(client.clientId(), r.details()));
    }

    @Operation(summary = "Find payment link, with the payments made through it")
    @GetMapping("/v1/payment-link/get-payment-link")
    LinkView find(@RequestParam("Id") UUID id, AuthenticatedClient client) {
        return view(links.find(client.clientId(), id));
    }

    @Operation(summary = "Update Payment Link: id plus the fields to change; status DISABLED disables it")
    @PutMapping("/v1/payment-link/update-payment-link")
    LinkView update(@Valid @RequestBody UpdateLink r, AuthenticatedClient client) {
        return view(links.update(client.clientId(), r.id(), r.changes(), r.status()));
    }

    private LinkView view(PaymentLink l) {
        List<LinkPayment> payments = links.payments(l).stream().map(PaymentLinkController::payment).toList();
        return new LinkView(l.id(), l.shortCode(), l.firstName(), l.lastName(), l.emailAddress(), l.phoneNumber(),
                l.accountReference(), l.paymentType(), l.description(), l.isAmountSpecified(), l.amount(),
                l.currency(), l.redirectionSite(), l.callbackUrl(), publicBaseUrl() + "/pay/" + l.id(),
                l.status().name(), l.createdDate(), payments);
    }

    private String publicBaseUrl() {
        String configured = properties.publicBaseUrl();
        return configured == null || configured.isBlank()
                ? ServletUriComponentsBuilder.fromCurrentContextPath().toUriString() : configured;
    }

    private static LinkPayment payment(Deposit d) {
        return new LinkPayment(d.originatorConversationId(), d.id().toString(), d.amount(), d.phoneNumber(),
                d.status().name(), d.resultCode(), d.resultDesc(), d.receiptNumber(), d.createdAt());
    }
}
