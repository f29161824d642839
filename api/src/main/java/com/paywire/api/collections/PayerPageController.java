package com.paywire.api.collections;

import static com.paywire.domain.platform.Values.uuid;

import com.paywire.api.pages.HostedPages;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.collections.PaymentLinks;
import com.paywire.domain.collections.TooManyPromptsException;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.PaymentLink;
import com.paywire.vocabulary.rules.FieldProblem;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import io.swagger.v3.oas.annotations.Hidden;
import java.net.URI;
import java.util.List;
import java.util.Optional;
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

    private final PaymentLinks links;
    private final PayerPages pages;

    PayerPageController(PaymentLinks links, PayerPages pages) {
        this.links = links;
        this.pages = pages;
    }

    @GetMapping("/pay/{linkId}")
    ResponseEntity<String> form(@PathVariable String linkId) {
        return activeLink(linkId).map(link -> html(HttpStatus.OK, pages.form(link, "", "", List.of())))
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
        try {
            Deposit deposit = links.pay(link, phoneNumber, amount);
            return ResponseEntity.status(HttpStatus.SEE_OTHER)
                    .location(URI.create("/pay/" + link.id() + "/deposits/" + deposit.id())).build();
        } catch (InvalidInputException invalid) {
            List<String> messages = invalid.problems().stream().map(FieldProblem::field)
                    .map(PayerPageController::advice).toList();
            return html(HttpStatus.BAD_REQUEST, pages.form(link, phoneNumber, amount, messages));
        } catch (TooManyPromptsException tooMany) {
            return HostedPages.tooManyRequests(pages.form(link, phoneNumber, amount,
                    List.of(tooMany.getMessage())), List.of(), tooMany.retryAfter());
        }
    }

    /** What the payer can do about a problem with a field. */
    private static String advice(String field) {
        return switch (field) {
            case PaymentLinks.ENTERED_AMOUNT -> "Enter an amount in KES " + AmountLimit.PHONE_PROMPT.range()
                    + ", for example 250 or 250.50.";
            case "PhoneNumber" -> "Enter a Kenyan mobile number, for example 0712 345 678.";
            default -> "This payment could not be started (" + field + "). Please contact the merchant.";
        };
    }

    @GetMapping("/pay/{linkId}/deposits/{depositId}")
    ResponseEntity<String> progress(@PathVariable String linkId, @PathVariable String depositId) {
        Optional<PaymentLink> link = uuid(linkId).flatMap(links::find);
        Optional<Deposit> deposit = link.flatMap(l -> uuid(depositId).flatMap(id -> links.payment(l, id)));
        if (deposit.isEmpty()) {
            return html(HttpStatus.NOT_FOUND, pages.unavailable("Payment not found", "This payment does not exist."));
        }
        return html(HttpStatus.OK, pages.progress(link.get(), deposit.get()));
    }

    private Optional<PaymentLink> activeLink(String linkId) {
        return uuid(linkId).flatMap(links::payable);
    }

    private ResponseEntity<String> missing(String linkId) {
        boolean disabled = uuid(linkId).flatMap(links::find).isPresent();
        return disabled
                ? html(HttpStatus.GONE, pages.unavailable("Link no longer active",
                        "This payment link has been disabled by the merchant."))
                : html(HttpStatus.NOT_FOUND, pages.unavailable("Link not found", "This payment link does not exist."));
    }

    private static ResponseEntity<String> html(HttpStatus status, String body) {
        return HostedPages.answer(status, body, List.of());
    }
}
