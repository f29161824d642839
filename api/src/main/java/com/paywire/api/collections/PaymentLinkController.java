package com.paywire.api.collections;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ErrorBodies.FieldError;
import com.paywire.api.errors.FieldErrorsException;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.input.Amount;
import com.paywire.persistence.collections.Deposit;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.collections.PaymentLink;
import com.paywire.persistence.collections.PaymentLinkStore;
import com.paywire.persistence.collections.ShortCodeStore;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
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

    private final PaymentLinkStore links;
    private final DepositStore deposits;
    private final ShortCodeStore shortCodes;
    private final CollectionsProperties properties;
    private final Clock clock;

    PaymentLinkController(PaymentLinkStore links, DepositStore deposits, ShortCodeStore shortCodes,
                          CollectionsProperties properties, Clock clock) {
        this.links = links;
        this.deposits = deposits;
        this.shortCodes = shortCodes;
        this.properties = properties;
        this.clock = clock;
    }

    record CreateLink(@NotBlank @Size(max = 7) String shortCode, @Size(max = 128) String firstName,
                      @Size(max = 128) String lastName, @Email @Size(max = 256) String emailAddress,
                      @Size(max = 13) String phoneNumber, @Size(max = 100) String accountReference,
                      @Size(max = 50) String paymentType, @NotBlank @Size(max = 200) String description,
                      @NotNull Boolean isAmountSpecified, @Amount BigDecimal amount, @Size(max = 3) String currency,
                      @Size(max = 256) String redirectionSite) {
    }

    record UpdateLink(@NotNull UUID id, @Size(max = 7) String shortCode, @Size(max = 128) String firstName,
                      @Size(max = 128) String lastName, @Email @Size(max = 256) String emailAddress,
                      @Size(max = 13) String phoneNumber, @Size(max = 100) String accountReference,
                      @Size(max = 50) String paymentType, @Size(max = 200) String description,
                      Boolean isAmountSpecified, @Amount BigDecimal amount, @Size(max = 3) String currency,
                      @Size(max = 256) String redirectionSite, String status) {
    }

    record LinkView(UUID id, String shortCode, String firstName, String lastName, String emailAddress,
                    String phoneNumber, String accountReference, String paymentType, String description,
                    boolean isAmountSpecified, BigDecimal amount, String currency, String redirectionSite, String url,
                    String status, OffsetDateTime createdDate, List<LinkPayment> payments) {
    }

    record LinkPayment(String originatorConversationId, String systemConversationId, BigDecimal amount,
                       String phoneNumber, String status, String resultCode, String resultDesc, String receiptNumber,
                       OffsetDateTime createdDate) {
    }

    @Operation(summary = "Create payment link: answers the stored link, whose url is the hosted payer page")
    @PostMapping("/v1/payment-link/create-payment-link")
    LinkView create(@Valid @RequestBody CreateLink r, AuthenticatedClient client) {
        PaymentLink link = new PaymentLink(UUID.randomUUID(), client.clientId(), r.shortCode(), r.firstName(),
                r.lastName(), r.emailAddress(), r.phoneNumber(), r.accountReference(), r.paymentType(),
                r.description(), r.isAmountSpecified(), r.amount(), r.currency() == null ? "KES" : r.currency(),
                r.redirectionSite(), PaymentLink.ACTIVE, OffsetDateTime.now(clock));
        validate(link);
        links.save(link);
        return view(link);
    }

    @Operation(summary = "Find payment link, with the payments made through it")
    @GetMapping("/v1/payment-link/get-payment-link")
    LinkView find(@RequestParam("Id") UUID id, AuthenticatedClient client) {
        return view(owned(client, id));
    }

    @Operation(summary = "Update Payment Link: id plus the fields to change; status DISABLED disables it")
    @PutMapping("/v1/payment-link/update-payment-link")
    LinkView update(@Valid @RequestBody UpdateLink r, AuthenticatedClient client) {
        PaymentLink old = owned(client, r.id());
        if (r.status() != null && !PaymentLink.ACTIVE.equals(r.status()) && !PaymentLink.DISABLED.equals(r.status())) {
            throw FieldErrorsException.of(null, "status", "The status must be ACTIVE or DISABLED.");
        }
        PaymentLink link = new PaymentLink(old.id(), old.clientId(), or(r.shortCode(), old.shortCode()),
                or(r.firstName(), old.firstName()), or(r.lastName(), old.lastName()),
                or(r.emailAddress(), old.emailAddress()), or(r.phoneNumber(), old.phoneNumber()),
                or(r.accountReference(), old.accountReference()), or(r.paymentType(), old.paymentType()),
                or(r.description(), old.description()), or(r.isAmountSpecified(), old.isAmountSpecified()),
                or(r.amount(), old.amount()), or(r.currency(), old.currency()),
                or(r.redirectionSite(), old.redirectionSite()), or(r.status(), old.status()), old.createdDate());
        validate(link);
        links.save(link);
        return view(link);
    }

    private void validate(PaymentLink link) {
        List<FieldError> errors = new ArrayList<>();
        if (shortCodes.find(link.clientId(), link.shortCode()).isEmpty()) {
            errors.add(new FieldError("shortCode", "The shortCode '" + link.shortCode() + "' is not issued to you."));
        }
        if (link.isAmountSpecified() && link.amount() == null) {
            errors.add(new FieldError("amount", "The amount is required when isAmountSpecified is true."));
        }
        if (!"KES".equals(link.currency())) {
            errors.add(new FieldError("currency", "The currency must be KES."));
        }
        if (link.redirectionSite() != null && !link.redirectionSite().matches("https?://[^\\s/]+.*")) {
            errors.add(new FieldError("redirectionSite", "The redirectionSite must be an absolute http(s) URL."));
        }
        if (!errors.isEmpty()) {
            throw new FieldErrorsException(null, errors);
        }
    }

    private PaymentLink owned(AuthenticatedClient client, UUID id) {
        return links.find(client.clientId(), id)
                .orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND, "No payment link " + id));
    }

    private LinkView view(PaymentLink l) {
        List<LinkPayment> payments = deposits.ofLink(l.id()).stream().map(PaymentLinkController::payment).toList();
        return new LinkView(l.id(), l.shortCode(), l.firstName(), l.lastName(), l.emailAddress(), l.phoneNumber(),
                l.accountReference(), l.paymentType(), l.description(), l.isAmountSpecified(), l.amount(),
                l.currency(), l.redirectionSite(), publicBaseUrl() + "/pay/" + l.id(), l.status(),
                l.createdDate(), payments);
    }

    private String publicBaseUrl() {
        String configured = properties.publicBaseUrl();
        return configured == null || configured.isBlank()
                ? ServletUriComponentsBuilder.fromCurrentContextPath().toUriString() : configured;
    }

    private static LinkPayment payment(Deposit d) {
        return new LinkPayment(d.originatorConversationId(), d.id().toString(), d.amount(), d.phoneNumber(),
                d.status(), d.resultCode(), d.resultDesc(), d.receiptNumber(), d.createdAt());
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }
}
