package com.paywire.api.checkout;

import static com.paywire.api.pages.HostedPages.esc;
import static com.paywire.api.pages.HostedPages.kes;
import static com.paywire.api.pages.HostedPages.page;

import com.paywire.domain.checkout.BillTo;
import com.paywire.domain.checkout.CardEntry;
import com.paywire.domain.checkout.CheckoutPage;
import com.paywire.domain.checkout.ReturnForm;
import com.paywire.workflows.checkout.PaymentMethod;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The hosted checkout page as HTML: the order, one form with the payer's details and the two ways to pay, the
 * issuer's challenge, progress and outcome. No scripts; waiting pages refresh themselves. Card fields are never
 * written back into a page: after an error the payer types them again.
 */
final class CheckoutPages {

    /** Due times are shown in the merchant's market's time. */
    private static final ZoneId NAIROBI = ZoneId.of("Africa/Nairobi");
    private static final DateTimeFormatter DUE = DateTimeFormatter.ofPattern("EEE d MMM yyyy, HH:mm", Locale.ENGLISH);

    private CheckoutPages() {
    }

    /** One of the payer's details as the page asks for it; named as the checkout domain names it (BillTo). */
    record DetailField(String name, String label, String autocomplete, String type) {
    }

    static final List<DetailField> DETAIL_FIELDS = List.of(
            new DetailField("billToFirstName", "First name", "given-name", "text"),
            new DetailField("billToLastName", "Last name", "family-name", "text"),
            new DetailField("billToEmail", "Email", "email", "email"),
            new DetailField("billToPhoneNumber", "Phone number", "tel", "tel"),
            new DetailField("billToAddress1", "Address", "address-line1", "text"),
            new DetailField("billToLocality", "Town or city", "address-level2", "text"),
            new DetailField("billToPostalCode", "Postal code", "postal-code", "text"),
            new DetailField("billToAdministrativeArea", "County or state", "address-level1", "text"),
            new DetailField("billToCountry", "Country (two letters, such as KE)", "country", "text"));

    /** What the payer typed besides the card (billTo* fields and the M-PESA number), to show again after an error. */
    record Typed(Map<String, String> fields) {

        /** What the payer gave at the last attempt (none at the first), so that a retry needs only the card. */
        static Typed given(BillTo billTo) {
            return new Typed(billTo == null ? Map.of() : billTo.fields());
        }

        String get(String name) {
            return fields.getOrDefault(name, "");
        }

        BillTo billTo() {
            return BillTo.fromFields(fields);
        }
    }

    static String form(CheckoutPage order, Typed typed, Map<String, String> errors) {
        StringBuilder body = new StringBuilder();
        body.append("<h1>Pay ").append(esc(order.checkoutReference())).append("</h1>");
        merchant(body, order);
        summary(body, order);
        body.append("<p class=\"hint\" id=\"due\">Pay by ").append(DUE.format(order.dueDate().atZoneSameInstant(NAIROBI)))
                .append(" (Nairobi time).</p>");
        if (order.lastFailureMessage() != null && errors.isEmpty()) {
            body.append("<div role=\"alert\" id=\"errors\"><p class=\"error\">").append(esc(failure(order)))
                    .append(" Nothing was taken. You can try again.</p></div>");
        }
        if (!errors.isEmpty()) {
            body.append("<div role=\"alert\" id=\"errors\"><p class=\"error\">Please check:</p><ul>");
            errors.forEach((field, message) -> body.append("<li><a class=\"error\" href=\"#").append(esc(field))
                    .append("\">").append(esc(message)).append("</a></li>"));
            body.append("</ul></div>");
        }
        body.append("<form method=\"post\" action=\"/checkout/").append(esc(order.checkoutId())).append("/pay\" novalidate>")
                .append("<fieldset><legend>Your details</legend>");
        DETAIL_FIELDS.forEach(field -> body.append(input(field.name(), field.label(), typed.get(field.name()),
                field.autocomplete(), field.type(), errors)));
        String byCard = "<fieldset><legend>Pay by card</legend>"
                + input("cardNumber", "Card number", "", "cc-number", "text", errors).replace("type=\"text\"",
                        "type=\"text\" inputmode=\"numeric\"")
                + "<div class=\"row\"><div>" + input("expiryMonth", "Expiry month (MM)", "", "cc-exp-month", "text", errors)
                + "</div><div>" + input("expiryYear", "Expiry year (YYYY)", "", "cc-exp-year", "text", errors)
                + "</div></div>"
                + input("securityCode", "Security code (CVV)", "", "cc-csc", "text", errors)
                + "<button type=\"submit\" name=\"method\" value=\"card\" id=\"payByCard\">Pay "
                + kes(order.totalAmount()) + " by card</button></fieldset>";
        String byMpesa = "<fieldset><legend>Pay with M-PESA</legend>"
                + input("mpesaNumber", "M-PESA phone number", typed.get("mpesaNumber"), "tel", "tel", errors)
                + "<p class=\"hint\" id=\"mpesaHint\">For example 0712 345 678. A prompt on this phone asks for your PIN.</p>"
                + "<button type=\"submit\" name=\"method\" value=\"mobile\" id=\"payByMpesa\">Pay "
                + kes(order.totalAmount()) + " with M-PESA</button></fieldset>";
        // the merchant's channel type names the method offered first; both stay payable
        boolean mpesaFirst = order.preferredMethod() == PaymentMethod.MOBILE_MONEY;
        body.append("</fieldset>").append(mpesaFirst ? byMpesa + byCard : byCard + byMpesa).append("</form>");
        cancelForm(body, order);
        return page("Pay " + order.checkoutReference(), null, body.toString());
    }

    /** The sandbox issuer's 3-D Secure challenge; a real issuer's page would take its place. */
    static String challenge(CheckoutPage order, Typed typed, CardEntry.Challenge challenge) {
        StringBuilder body = new StringBuilder("<h1>Confirm with your bank</h1>");
        body.append("<p class=\"amount\">").append(kes(order.totalAmount())).append("</p>")
                .append("<p>Your bank asks you to confirm this payment with your ").append(esc(network(challenge.network())))
                .append(" card ending <strong>").append(esc(challenge.lastFour())).append("</strong>.</p>")
                .append("<p class=\"hint\">Sandbox bank: Approve confirms, Decline refuses.</p>")
                .append("<form method=\"post\" action=\"/checkout/").append(esc(order.checkoutId())).append("/challenge\">")
                .append(hidden("transientToken", challenge.transientToken()))
                .append(hidden("payerAuthenticationId", challenge.payerAuthenticationId()));
        DETAIL_FIELDS.forEach(field -> body.append(hidden(field.name(), typed.get(field.name()))));
        body.append("<button type=\"submit\" name=\"decision\" value=\"approve\" id=\"approve\">Approve</button>")
                .append("<button type=\"submit\" name=\"decision\" value=\"decline\" id=\"decline\" class=\"secondary\">Decline</button>")
                .append("</form>");
        return page("Confirm with your bank", null, body.toString());
    }

    static String processing(CheckoutPage order) {
        String message = order.paymentMethod() == PaymentMethod.MOBILE_MONEY
                ? "We sent a payment prompt to your phone. Enter your M-PESA PIN to approve it."
                : "We are confirming your card payment with your bank.";
        return page("Payment in progress", "2", "<h1>Payment in progress</h1><p class=\"amount\">"
                + kes(order.totalAmount()) + "</p><p role=\"status\" aria-live=\"polite\" id=\"status\">" + message
                + " This page updates by itself.</p>");
    }

    static String completed(CheckoutPage order, ReturnForm returnForm) {
        StringBuilder body = new StringBuilder("<h1 class=\"ok\">Payment received</h1>");
        summary(body, order);
        body.append("<p role=\"status\" id=\"status\">Thank you. Reference <strong id=\"reference\">")
                .append(esc(returnForm.fieldMap().get("thirdPartyReference"))).append("</strong>.</p>")
                .append("<form method=\"post\" action=\"").append(esc(returnForm.url())).append("\">");
        returnForm.fields().forEach(field -> body.append(hidden(field.name(), field.value())));
        body.append("<button type=\"submit\" id=\"return\">Return to the shop</button></form>");
        return page("Payment received", null, body.toString());
    }

    static String ended(CheckoutPage order, String title, String message) {
        StringBuilder body = new StringBuilder("<h1>").append(esc(title)).append("</h1>")
                .append("<p role=\"alert\" id=\"status\">").append(esc(message)).append("</p>");
        if (order.cancelUrl() != null) {
            body.append("<p><a id=\"back\" href=\"").append(esc(order.cancelUrl())).append("\">Back to the shop</a></p>");
        }
        return page(title, null, body.toString());
    }

    /** The order would be payable but has had every attempt it takes: the payer may still cancel it. */
    static String noMoreAttempts(CheckoutPage order, String message) {
        StringBuilder body = new StringBuilder("<h1>No more attempts</h1>");
        merchant(body, order);
        summary(body, order);
        body.append("<p role=\"alert\" id=\"status\">").append(esc(message)).append("</p>");
        cancelForm(body, order);
        return page("No more attempts", null, body.toString());
    }

    static String missing() {
        return page("Checkout not found", null,
                "<h1>Checkout not found</h1><p>This checkout does not exist. Please go back to the shop.</p>");
    }

    private static void merchant(StringBuilder body, CheckoutPage order) {
        if (order.merchantName() != null) {
            body.append("<p class=\"hint\" id=\"merchant\">To ").append(esc(order.merchantName())).append("</p>");
        }
    }

    /** The last attempt's failure in the payer's words; the rail's description when there are none. */
    private static String failure(CheckoutPage order) {
        return switch (order.lastFailureCode() == null ? "" : order.lastFailureCode()) {
            case "CARD_DECLINED" -> "Your card was declined.";
            case "INSUFFICIENT_FUNDS" -> "Your card has too little available for this payment.";
            case "1" -> "Your M-PESA balance was not enough for this payment.";
            case "1032" -> "You cancelled the M-PESA prompt.";
            case "1037" -> "We could not reach your phone in time.";
            case "2001" -> "The M-PESA PIN entered was wrong.";
            default -> order.lastFailureMessage().endsWith(".") ? order.lastFailureMessage()
                    : order.lastFailureMessage() + ".";
        };
    }

    private static void summary(StringBuilder body, CheckoutPage order) {
        body.append("<table id=\"lines\"><thead><tr><th scope=\"col\">Item</th><th scope=\"col\" class=\"num\">Price</th>")
                .append("</tr></thead><tbody>");
        order.lines().forEach(line -> body.append("<tr><td>").append(esc(line.name())).append("</td><td class=\"num\">")
                .append(kes(line.price())).append("</td></tr>"));
        body.append("</tbody><tfoot><tr><th scope=\"row\">Total</th><td class=\"num\" id=\"total\">")
                .append(kes(order.totalAmount())).append("</td></tr></tfoot></table>");
        if (order.feeAmount().signum() > 0) {
            body.append("<p class=\"hint\" id=\"fee\">Checkout fee of ").append(kes(order.feeAmount()))
                    .append(", paid by the merchant.</p>");
        }
    }

    private static void cancelForm(StringBuilder body, CheckoutPage order) {
        body.append("<form method=\"post\" action=\"/checkout/").append(esc(order.checkoutId())).append("/cancel\">")
                .append("<button type=\"submit\" class=\"secondary\" id=\"cancel\">Cancel and return to the shop</button></form>");
    }

    private static String input(String name, String label, String value, String autocomplete, String type,
                                Map<String, String> errors) {
        boolean invalid = errors.containsKey(name);
        return "<label for=\"" + name + "\">" + esc(label) + "</label><input id=\"" + name + "\" name=\"" + name
                + "\" type=\"" + type + "\" autocomplete=\"" + autocomplete + "\" value=\"" + esc(value) + "\""
                + (invalid ? " aria-invalid=\"true\" aria-describedby=\"" + name + "Error\"" : "") + ">"
                + (invalid ? "<p class=\"error\" id=\"" + name + "Error\">" + esc(errors.get(name)) + "</p>" : "");
    }

    private static String hidden(String name, String value) {
        return "<input type=\"hidden\" name=\"" + esc(name) + "\" value=\"" + esc(value) + "\">";
    }

    private static String network(String network) {
        return "MASTERCARD".equals(network) ? "Mastercard" : "VISA".equals(network) ? "Visa" : network;
    }
}
