package com.paywire.api.checkout;

import com.paywire.api.pages.HostedPages;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.checkout.CardEntry;
import com.paywire.domain.checkout.CheckoutPage;
import com.paywire.domain.checkout.CheckoutStateException;
import com.paywire.domain.checkout.HostedCheckout;
import com.paywire.domain.collections.TooManyPromptsException;
import com.paywire.domain.rails.cardprocessor.CardVault;
import com.paywire.vocabulary.checkout.PaymentMethod;
import io.swagger.v3.oas.annotations.Hidden;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The payer's side of a checkout: Paywire's hosted page at the order's {@code checkoutUrl}. The unguessable
 * checkoutId is the payer's only credential; everything the page does goes through the checkout domain.
 */
@Hidden
@RestController
class CheckoutPageController {

    /** The page's fields that the domain names otherwise (the card domain's API names, the phone to prompt). */
    private static final Map<String, String> PAGE_FIELDS = Map.of("Number", "cardNumber", "ExpiryMonth", "expiryMonth",
            "ExpiryYear", "expiryYear", "SecurityCode", "securityCode", "transientToken", "cardNumber",
            "phoneNumber", "mpesaNumber");

    private final HostedCheckout checkouts;
    private final CardEntry cards;
    private final CheckoutPages pages;

    CheckoutPageController(HostedCheckout checkouts, CardEntry cards, CheckoutPages pages) {
        this.checkouts = checkouts;
        this.cards = cards;
        this.pages = pages;
    }

    /** The order's page; {@code method} (mobile or card) is the payer's choice of form while the order is payable. */
    @GetMapping("/checkout/{checkoutId}")
    ResponseEntity<String> show(@PathVariable String checkoutId,
                                @RequestParam(name = "method", required = false) String method) {
        CheckoutPage order = checkouts.find(checkoutId).orElse(null);
        if (order == null) {
            return missing();
        }
        String html = switch (order.status()) {
            case PENDING, FAILED -> order.payable() ? pages.form(order, CheckoutPages.Typed.given(order.billTo()), Map.of(),
                    chosen(method))
                    : order.attemptsUsedUp() ? pages.noMoreAttempts(order,
                            CheckoutStateException.Reason.NO_ATTEMPTS_LEFT.message())
                    : expired(order);
            case PROCESSING -> pages.processing(order);
            case COMPLETED, PARTIALLY_REFUNDED, REFUNDED -> pages.completed(order, checkouts.returnForm(checkoutId));
            case CANCELLED -> pages.ended(order, "Order cancelled", "You cancelled this order. Nothing was paid.");
            case EXPIRED -> expired(order);
        };
        return page(HttpStatus.OK, html, order);
    }

    @PostMapping(path = "/checkout/{checkoutId}/pay", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    ResponseEntity<String> pay(@PathVariable String checkoutId, @RequestParam MultiValueMap<String, String> form) {
        return attempt(checkoutId, form, (order, typed) -> {
            if ("mobile".equals(value(form, "method"))) {
                checkouts.payByMobileMoney(checkoutId, typed.billTo(), typed.get("mpesaNumber"));
                return progress(checkoutId);
            }
            CardEntry.Next next = cards.pay(order, typed.billTo(), new CardVault.CardDetails(
                    value(form, "cardNumber"), value(form, "expiryMonth"), value(form, "expiryYear"),
                    value(form, "securityCode")));
            if (next instanceof CardEntry.Challenge challenge) {
                return page(HttpStatus.OK, pages.challenge(order, typed, challenge), order);
            }
            return progress(checkoutId);
        });
    }

    @PostMapping(path = "/checkout/{checkoutId}/challenge", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    ResponseEntity<String> challenge(@PathVariable String checkoutId, @RequestParam MultiValueMap<String, String> form) {
        return attempt(checkoutId, form, (order, typed) -> {
            if (!"approve".equals(value(form, "decision"))) {
                return page(HttpStatus.OK, pages.form(order, typed, Map.of("cardNumber",
                        "Your bank did not confirm the payment. Nothing was taken; try again or pay with M-PESA."),
                        PaymentMethod.CARD), order);
            }
            cards.completeChallenge(order, typed.billTo(), value(form, "transientToken"),
                    value(form, "payerAuthenticationId"));
            return progress(checkoutId);
        });
    }

    /** A step of paying, on what the payer posted; answers the page it leads to. */
    private interface PaymentStep {
        ResponseEntity<String> take(CheckoutPage order, CheckoutPages.Typed typed);
    }

    /**
     * Runs a step of paying: the form again with each problem at its field (the card's fields blank), the form with
     * the reason at the M-PESA number when no prompt may be sent now, or, when the order was paid, is being paid or
     * ended meanwhile, the order's page, which shows which.
     */
    private ResponseEntity<String> attempt(String checkoutId, MultiValueMap<String, String> form, PaymentStep step) {
        CheckoutPage order = checkouts.find(checkoutId).orElse(null);
        if (order == null) {
            return missing();
        }
        CheckoutPages.Typed typed = typed(form);
        PaymentMethod method = chosen(value(form, "method"));
        try {
            return step.take(order, typed);
        } catch (InvalidInputException invalid) {
            return page(HttpStatus.BAD_REQUEST, pages.form(order, typed, fieldErrors(invalid), method), order);
        } catch (TooManyPromptsException tooMany) {
            return HostedPages.tooManyRequests(pages.form(order, typed, Map.of("mpesaNumber",
                    tooMany.getMessage()), PaymentMethod.MOBILE_MONEY), formTargets(order), tooMany.retryAfter());
        } catch (CheckoutStateException notNow) {
            return progress(checkoutId);
        }
    }

    /** The payer gives up: the order is cancelled and the browser goes back to the merchant's cancel page. */
    @PostMapping(path = "/checkout/{checkoutId}/cancel")
    ResponseEntity<String> cancel(@PathVariable String checkoutId) {
        Optional<CheckoutPage> found = checkouts.find(checkoutId);
        if (found.isEmpty()) {
            return missing();
        }
        try {
            checkouts.cancel(checkoutId);
        } catch (CheckoutStateException tooLate) {
            return progress(checkoutId); // paid, processing or ended meanwhile: the page shows which
        }
        return ResponseEntity.status(HttpStatus.SEE_OTHER).location(URI.create(found.get().cancelUrl())).build();
    }

    private ResponseEntity<String> missing() {
        return HostedPages.answer(HttpStatus.NOT_FOUND, pages.missing(), List.of());
    }

    private String expired(CheckoutPage order) {
        return pages.ended(order, "Order expired", "The time to pay this order has passed. Nothing was paid.");
    }

    private static ResponseEntity<String> progress(String checkoutId) {
        return ResponseEntity.status(HttpStatus.SEE_OTHER).location(URI.create("/checkout/" + checkoutId)).build();
    }

    private static ResponseEntity<String> page(HttpStatus status, String html, CheckoutPage order) {
        return HostedPages.answer(status, html, formTargets(order));
    }

    /** Forms on the page post to Paywire, to the merchant's return page (with the outcome) and its cancel page. */
    private static List<String> formTargets(CheckoutPage order) {
        return order.merchantOrigins();
    }

    /** The problems keyed by the page's field names, first per field, in the payer's words. */
    private static Map<String, String> fieldErrors(InvalidInputException invalid) {
        Map<String, String> errors = new LinkedHashMap<>();
        invalid.problems().forEach(p -> {
            String pageField = PAGE_FIELDS.getOrDefault(p.field(), p.field());
            errors.putIfAbsent(pageField, PayerSentences.of(pageField, p.field(), p.message()));
        });
        return errors;
    }

    /** The method a form or link names (mobile, card), or null for the order's own. */
    private static PaymentMethod chosen(String method) {
        return "mobile".equals(method) ? PaymentMethod.MOBILE_MONEY : "card".equals(method) ? PaymentMethod.CARD : null;
    }

    /** The billTo* fields and the M-PESA number as posted; never the card's fields. */
    private static CheckoutPages.Typed typed(MultiValueMap<String, String> form) {
        Map<String, String> typed = new LinkedHashMap<>();
        CheckoutPages.DETAIL_FIELDS.forEach(field -> typed.put(field.name(), value(form, field.name())));
        typed.put("mpesaNumber", value(form, "mpesaNumber"));
        return new CheckoutPages.Typed(typed);
    }

    private static String value(MultiValueMap<String, String> form, String name) {
        String value = form.getFirst(name);
        return value == null ? "" : value.trim();
    }
}
