package com.paywire.api.collections;

import com.paywire.api.pages.PageTemplates;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.PaymentLink;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The payment-link payer pages as HTML, from the templates under {@code templates/pay} in the layout every hosted
 * page shares ({@link PageTemplates}). Pending pages refresh themselves (meta refresh), so they work with
 * JavaScript off.
 */
@Component
class PayerPages {

    private final PageTemplates templates;

    PayerPages(PageTemplates templates) {
        this.templates = templates;
    }

    String form(PaymentLink link, String phoneNumber, String amount, List<String> errors) {
        Map<String, Object> model = new HashMap<>();
        model.put("link", link);
        model.put("payee", payee(link));
        model.put("phoneNumber", phoneNumber);
        model.put("amount", amount);
        model.put("errors", errors);
        return templates.render("pay/form", model);
    }

    String progress(PaymentLink link, Deposit deposit) {
        Map<String, Object> model = new HashMap<>();
        model.put("link", link);
        model.put("deposit", deposit);
        return switch (deposit.status()) {
            case PENDING -> templates.render("pay/pending", model);
            case COMPLETED -> {
                model.put("site", link.redirectionSite());
                yield templates.render("pay/completed", model);
            }
            case CANCELLED -> templates.render("pay/cancelled", model);
            case FAILED -> {
                model.put("failure", failure(deposit));
                yield templates.render("pay/failed", model);
            }
        };
    }

    String unavailable(String title, String message) {
        return templates.render("pay/unavailable", Map.of("title", title, "message", message));
    }

    private static String failure(Deposit deposit) {
        return switch (deposit.resultCode() == null ? "" : deposit.resultCode()) {
            case "1" -> "Your balance was not enough for this payment.";
            case "1037" -> "We could not reach your phone in time.";
            case "2001" -> "The PIN entered was wrong.";
            default -> deposit.resultDesc() == null ? "The payment did not go through." : deposit.resultDesc() + ".";
        };
    }

    private static String payee(PaymentLink link) {
        String name = ((link.firstName() == null ? "" : link.firstName()) + " "
                + (link.lastName() == null ? "" : link.lastName())).trim();
        return name.isEmpty() ? null : name;
    }
}
