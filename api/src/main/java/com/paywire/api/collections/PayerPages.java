package com.paywire.api.collections;

import static com.paywire.api.pages.HostedPages.esc;
import static com.paywire.api.pages.HostedPages.kes;
import static com.paywire.api.pages.HostedPages.page;

import com.paywire.persistence.collections.Deposit;
import com.paywire.persistence.collections.PaymentLink;
import java.util.List;

/**
 * The payment-link payer pages as HTML, in the chrome every hosted page shares
 * ({@link com.paywire.api.pages.HostedPages}). Pending pages refresh themselves (meta refresh), so they work with
 * JavaScript off.
 */
final class PayerPages {

    private PayerPages() {
    }

    static String form(PaymentLink link, String phoneNumber, String amount, List<String> errors) {
        StringBuilder body = new StringBuilder();
        body.append("<h1>").append(esc(link.description())).append("</h1>");
        if (payee(link) != null) {
            body.append("<p class=\"hint\">Paying ").append(esc(payee(link))).append("</p>");
        }
        if (link.isAmountSpecified()) {
            body.append("<p class=\"amount\">").append(kes(link.amount())).append("</p>");
        }
        if (!errors.isEmpty()) {
            body.append("<div role=\"alert\" id=\"errors\">");
            errors.forEach(e -> body.append("<p class=\"error\">").append(esc(e)).append("</p>"));
            body.append("</div>");
        }
        body.append("<form method=\"post\" action=\"/pay/").append(link.id()).append("\">");
        if (!link.isAmountSpecified()) {
            body.append("<label for=\"amount\">Amount (KES)</label>")
                    .append("<input id=\"amount\" name=\"amount\" inputmode=\"decimal\" required autocomplete=\"off\" value=\"")
                    .append(esc(amount)).append("\">");
        }
        body.append("<label for=\"phoneNumber\">Your M-PESA phone number</label>")
                .append("<input id=\"phoneNumber\" name=\"phoneNumber\" type=\"tel\" inputmode=\"tel\" required ")
                .append("autocomplete=\"tel\" aria-describedby=\"phoneHint\" value=\"").append(esc(phoneNumber)).append("\">")
                .append("<p id=\"phoneHint\" class=\"hint\">For example 0712 345 678. You will get a prompt on this phone to enter your PIN.</p>")
                .append("<button type=\"submit\">Pay</button></form>");
        return page("Pay: " + link.description(), null, body.toString());
    }

    static String progress(PaymentLink link, Deposit deposit) {
        String retry = "<p><a href=\"/pay/" + link.id() + "\">Try again</a></p>";
        return switch (deposit.status()) {
            case PENDING -> page("Waiting for your approval", "2",
                    "<h1>Check your phone</h1><p class=\"amount\">" + kes(deposit.amount()) + "</p>"
                            + "<p role=\"status\" aria-live=\"polite\">We sent a payment prompt to "
                            + esc(deposit.phoneNumber()) + ". Enter your PIN to approve it. This page updates by itself.</p>");
            case COMPLETED -> {
                String site = link.redirectionSite();
                yield page("Payment received", site == null ? null : "3;url=" + site,
                        "<h1 class=\"ok\">Payment received</h1><p class=\"amount\">" + kes(deposit.amount()) + "</p>"
                                + "<p role=\"status\">Thank you. Receipt <strong id=\"receipt\">"
                                + esc(deposit.receiptNumber()) + "</strong>.</p>"
                                + (site == null ? "" : "<p><a id=\"continue\" href=\"" + esc(site) + "\">Continue</a> (you will be taken back in a moment)</p>"));
            }
            case CANCELLED -> page("Payment cancelled", null,
                    "<h1>Payment cancelled</h1><p role=\"alert\">You cancelled the prompt on your phone. Nothing was paid.</p>" + retry);
            case FAILED -> page("Payment not completed", null,
                    "<h1>Payment not completed</h1><p role=\"alert\">" + esc(failure(deposit)) + " Nothing was paid.</p>" + retry);
        };
    }

    static String unavailable(String title, String message) {
        return page(title, null, "<h1>" + esc(title) + "</h1><p>" + esc(message) + "</p>");
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
