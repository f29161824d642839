package com.paywire.api.collections;

import static com.paywire.api.platform.Values.uuid;

import com.paywire.api.errors.ErrorBodies;
import com.paywire.api.errors.FieldErrorsException;
import com.paywire.domain.Amounts;
import com.paywire.persistence.collections.Deposit;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.collections.PaymentLink;
import com.paywire.persistence.collections.PaymentLinkStore;
import io.swagger.v3.oas.annotations.Hidden;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The public pages of payment links: the payer enters a phone number (and an amount when the link leaves it
 * open), gets a phone prompt, watches its progress and is sent on to the merchant's site after paying.
 */
@Hidden
@RestController
class PayerPageController {

    private static final MediaType HTML = MediaType.parseMediaType("text/html;charset=UTF-8");
    /** No scripts, no outside assets, no framing: the page only posts to itself. */
    private static final String CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
            + "base-uri 'none'; frame-ancestors 'none'";

    private final PaymentLinkStore links;
    private final DepositStore deposits;
    private final ExpressDepositService expressDeposits;

    PayerPageController(PaymentLinkStore links, DepositStore deposits, ExpressDepositService expressDeposits) {
        this.links = links;
        this.deposits = deposits;
        this.expressDeposits = expressDeposits;
    }

    @GetMapping("/pay/{linkId}")
    ResponseEntity<String> form(@PathVariable String linkId) {
        return activeLink(linkId).map(link -> html(HttpStatus.OK, PayerPages.form(link, "", "", List.of())))
                .orElseGet(() -> missing(linkId));
    }

    @PostMapping(path = "/pay/{linkId}", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    ResponseEntity<String> pay(@PathVariable String linkId,
                               @RequestParam(value = "phoneNumber", defaultValue = "") String phoneNumber,
                               @RequestParam(value = "amount", defaultValue = "") String amount) {
        Optional<PaymentLink> found = activeLink(linkId);
        if (found.isEmpty()) {
            return missing(linkId);
        }
        PaymentLink link = found.get();
        String phone = normalisePhone(phoneNumber);
        String value = link.isAmountSpecified() ? link.amount().toPlainString() : amount.trim().replace(",", "");
        if (!link.isAmountSpecified() && Amounts.parse(value).isEmpty()) {
            return html(HttpStatus.BAD_REQUEST, PayerPages.form(link, phoneNumber, amount,
                    List.of("Enter the amount in KES, for example 250 or 250.50.")));
        }
        try {
            Deposit deposit = expressDeposits.accept(link.clientId(), new ExpressDepositRequest(link.shortCode(), value,
                    phone, null, trim(link.description(), 100), "link-" + link.id() + "-" + UUID.randomUUID(), null,
                    0, link.redirectionSite(), null, null, link.currency(), null, null, null), link.id());
            return ResponseEntity.status(HttpStatus.SEE_OTHER)
                    .location(URI.create("/pay/" + link.id() + "/deposits/" + deposit.id())).build();
        } catch (FieldErrorsException invalid) {
            List<String> messages = invalid.errors().stream().map(ErrorBodies.FieldError::field)
                    .map(field -> field.equals("PhoneNumber")
                            ? "Enter a Kenyan mobile number, for example 0712 345 678."
                            : "This payment could not be started (" + field + "). Please contact the merchant.")
                    .toList();
            return html(HttpStatus.BAD_REQUEST, PayerPages.form(link, phoneNumber, amount, messages));
        }
    }

    @GetMapping("/pay/{linkId}/deposits/{depositId}")
    ResponseEntity<String> progress(@PathVariable String linkId, @PathVariable String depositId) {
        Optional<PaymentLink> link = uuid(linkId).flatMap(links::find);
        Optional<Deposit> deposit = uuid(depositId).flatMap(deposits::find)
                .filter(d -> link.isPresent() && link.get().id().equals(d.paymentLinkId()));
        if (deposit.isEmpty()) {
            return html(HttpStatus.NOT_FOUND, PayerPages.unavailable("Payment not found", "This payment does not exist."));
        }
        return html(HttpStatus.OK, PayerPages.progress(link.get(), deposit.get()));
    }

    /** 0712345678, 712345678, +254712345678 and 254712345678 all become 254712345678. */
    static String normalisePhone(String input) {
        String digits = input.replaceAll("[\\s()-]", "");
        if (digits.startsWith("+")) {
            digits = digits.substring(1);
        }
        if (digits.matches("0[17]\\d{8}")) {
            return "254" + digits.substring(1);
        }
        if (digits.matches("[17]\\d{8}")) {
            return "254" + digits;
        }
        return digits;
    }

    private Optional<PaymentLink> activeLink(String linkId) {
        return uuid(linkId).flatMap(links::find).filter(l -> PaymentLink.ACTIVE.equals(l.status()));
    }

    private ResponseEntity<String> missing(String linkId) {
        boolean disabled = uuid(linkId).flatMap(links::find).isPresent();
        return disabled
                ? html(HttpStatus.GONE, PayerPages.unavailable("Link no longer active",
                        "This payment link has been disabled by the merchant."))
                : html(HttpStatus.NOT_FOUND, PayerPages.unavailable("Link not found", "This payment link does not exist."));
    }

    private static ResponseEntity<String> html(HttpStatus status, String body) {
        return ResponseEntity.status(status).contentType(HTML).cacheControl(CacheControl.noStore())
                .header("Content-Security-Policy", CSP).header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "no-referrer").body(body);
    }


    private static String trim(String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max);
    }
}
