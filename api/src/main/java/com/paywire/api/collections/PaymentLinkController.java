package com.paywire.api.collections;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.input.Amount;
import com.paywire.domain.collections.CollectionsProperties;
import com.paywire.domain.collections.PaymentLinkDetails;
import com.paywire.domain.collections.PaymentLinks;
import com.paywire.domain.paybacks.CollectionReversalView;
import com.paywire.domain.paybacks.CollectionReversals;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.PaymentLink;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
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
    private final CollectionReversals reversals;

    PaymentLinkController(PaymentLinks links, CollectionsProperties properties, CollectionReversals reversals) {
        this.links = links;
        this.properties = properties;
        this.reversals = reversals;
    }

    record CreateLink(
            @Schema(description = "the client's short code, which payments to the link credit (the sandbox client's "
                    + "is 174379)")
            @NotBlank @Size(max = 7) String shortCode,
            @Schema(description = "the first name of the person the link is for")
            @Size(max = 128) String firstName,
            @Schema(description = "the last name of the person the link is for")
            @Size(max = 128) String lastName,
            @Schema(description = "the email address of the person the link is for")
            @Email @Size(max = 256) String emailAddress,
            @Schema(description = "a mobile number in any of three forms: +2547XXXXXXXX, 2547XXXXXXXX or 07XXXXXXXX")
            @Size(max = 13) String phoneNumber,
            @Schema(description = "the reference the payer's payment carries")
            @Size(max = 100) String accountReference,
            @Schema(description = "the kind of payment the link is for")
            @Size(max = 50) String paymentType,
            @Schema(description = "what the payer pays for, shown on the link's page")
            @NotBlank @Size(max = 200) String description,
            @Schema(description = "true: the payer pays the link's amount; false: the payer chooses the amount")
            @NotNull Boolean isAmountSpecified,
            @Amount(limits = AmountLimit.PHONE_PROMPT) BigDecimal amount,
            @Schema(description = "the currency's letter code (KES)")
            @Size(max = 3) String currency,
            @Schema(description = "where the payer's browser goes after paying")
            @Size(max = 256) String redirectionSite,
            @Schema(description = CALLBACK)
            @Size(max = 256) String callBackUrl) {

        PaymentLinkDetails details() {
            return new PaymentLinkDetails(shortCode, firstName, lastName, emailAddress, phoneNumber, accountReference,
                    paymentType, description, isAmountSpecified, amount, currency, redirectionSite, callBackUrl);
        }
    }

    record UpdateLink(
            @Schema(description = "the id of the payment link to change")
            @NotNull UUID id,
            @Schema(description = "the client's short code (the sandbox client's is 174379)")
            @Size(max = 7) String shortCode,
            @Schema(description = "the first name of the person the link is for")
            @Size(max = 128) String firstName,
            @Schema(description = "the last name of the person the link is for")
            @Size(max = 128) String lastName,
            @Schema(description = "the email address of the person the link is for")
            @Email @Size(max = 256) String emailAddress,
            @Schema(description = "a mobile number in any of three forms: +2547XXXXXXXX, 2547XXXXXXXX or 07XXXXXXXX")
            @Size(max = 13) String phoneNumber,
            @Schema(description = "the reference the payer's payment carries")
            @Size(max = 100) String accountReference,
            @Schema(description = "the kind of payment the link is for")
            @Size(max = 50) String paymentType,
            @Schema(description = "what the payer pays for, shown on the link's page")
            @Size(max = 200) String description,
            @Schema(description = "true: the payer pays the link's amount; false: the payer chooses the amount")
            Boolean isAmountSpecified,
            @Amount(limits = AmountLimit.PHONE_PROMPT) BigDecimal amount,
            @Schema(description = "the currency's letter code (KES)")
            @Size(max = 3) String currency,
            @Schema(description = "where the payer's browser goes after paying")
            @Size(max = 256) String redirectionSite,
            @Schema(description = "DISABLED disables the link (its page then says so and takes no payment); absent: "
                    + "unchanged")
            String status,
            @Schema(description = CALLBACK)
            @Size(max = 256) String callBackUrl) {

        PaymentLinkDetails changes() {
            return new PaymentLinkDetails(shortCode, firstName, lastName, emailAddress, phoneNumber, accountReference,
                    paymentType, description, isAmountSpecified, amount, currency, redirectionSite, callBackUrl);
        }
    }

    record LinkView(
            @Schema(description = "the link's id")
            UUID id,
            @Schema(description = "the client's short code (the sandbox client's is 174379)")
            String shortCode,
            @Schema(description = "the first name")
            String firstName,
            @Schema(description = "the last name")
            String lastName,
            @Schema(description = "an email address")
            String emailAddress,
            @Schema(description = "the mobile number of the person the link is for")
            String phoneNumber,
            @Schema(description = "the reference the payer's payment carries")
            String accountReference,
            @Schema(description = "the kind of payment the link is for")
            String paymentType,
            @Schema(description = "a description")
            String description,
            @Schema(description = "true: the payer pays the link's amount; false: the payer chooses the amount")
            boolean isAmountSpecified,
            @Schema(description = "the amount the payer pays; null when the payer chooses it")
            BigDecimal amount,
            @Schema(description = "the currency's three-letter code (KES)")
            String currency,
            @Schema(description = "where the payer's browser goes after paying")
            String redirectionSite,
            @Schema(description = CALLBACK)
            @JsonInclude(JsonInclude.Include.NON_NULL) String callBackUrl,
            @Schema(description = "the link's page, to send the payer")
            String url,
            @Schema(description = "ACTIVE or DISABLED")
            String status,
            @Schema(description = "when the link was created")
            OffsetDateTime createdDate,
            @Schema(description = "the payments made through the link, newest first")
            List<LinkPayment> payments) {
    }

    record LinkPayment(
            @Schema(description = "Paywire's id of the phone prompt the payment was made by")
            String originatorConversationId,
            @Schema(description = "Paywire's id of the payment")
            String systemConversationId,
            @Schema(description = "the amount paid, in shillings")
            BigDecimal amount,
            @Schema(description = "the payer's mobile number, as +2547XXXXXXXX")
            String phoneNumber,
            @Schema(description = "the payment's status")
            String status,
            @Schema(description = "the rail's result code; null until there is one")
            String resultCode,
            @Schema(description = "the rail's result in words")
            String resultDesc,
            @Schema(description = "the rail's receipt number, once paid")
            String receiptNumber,
            @Schema(description = "when the payer started the payment")
            OffsetDateTime createdDate,
            @Schema(description = "its newest reversal, once you asked for one (POST /v1/collections/reversals, "
                    + "collectionType PAYMENT_LINK_PAYMENT, collectionId its systemConversationId); absent otherwise")
            @JsonInclude(JsonInclude.Include.NON_NULL) CollectionReversalView reversal) {
    }

    @Operation(summary = "Create payment link: answers the stored link, whose url is the hosted payer page",
            description = "Answers 200 with the stored link; its url is the page to share with payers, who can pay on "
            + "it until it is disabled. The payments are listed by get-payment-link.")
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
        List<LinkPayment> payments = links.payments(l).stream().map(this::payment).toList();
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

    private LinkPayment payment(Deposit d) {
        return new LinkPayment(d.originatorConversationId(), d.id().toString(), d.amount(), d.phoneNumber(),
                d.status().name(), d.resultCode(), d.resultDesc(), d.receiptNumber(), d.createdAt(),
                reversals.latestOf(d.id()).orElse(null));
    }
}
