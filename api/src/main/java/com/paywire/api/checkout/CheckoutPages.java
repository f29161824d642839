package com.paywire.api.checkout;

import com.paywire.api.pages.PageTemplates;
import com.paywire.domain.checkout.BillTo;
import com.paywire.domain.checkout.CardEntry;
import com.paywire.domain.checkout.CheckoutPage;
import com.paywire.domain.checkout.ReturnForm;
import com.paywire.vocabulary.checkout.PaymentMethod;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The hosted checkout page as HTML, from the templates under {@code templates/checkout}: the order, a choice of
 * how to pay and one form per way, the issuer's challenge, progress and outcome. No scripts; waiting
 * pages refresh themselves. Card fields are never written back into a page: after an error the payer types them
 * again.
 */
@Component
class CheckoutPages {

    /** Due times are shown in the merchant's market's time. */
    private static final ZoneId NAIROBI = ZoneId.of("Africa/Nairobi");
    private static final DateTimeFormatter DUE = DateTimeFormatter.ofPattern("EEE d MMM yyyy, HH:mm", Locale.ENGLISH);

    private final PageTemplates templates;

    CheckoutPages(PageTemplates templates) {
        this.templates = templates;
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

    /** What paying by M-PESA asks of the payer's details: the names the order records (BillTo requires them). */
    static final List<DetailField> MPESA_DETAIL_FIELDS = DETAIL_FIELDS.subList(0, 2);

    /** What the payer typed besides the card (billTo* fields and the M-PESA number), to show again after an error. */
    record Typed(Map<String, String> fields) {

        /** What the payer gave at the last attempt (none at the first), so that a retry needs only the card. */
        static Typed given(BillTo billTo) {
            return new Typed(billTo == null ? Map.of() : billTo.fields());
        }

        public String get(String name) { // public: the templates call it
            return fields.getOrDefault(name, "");
        }

        BillTo billTo() {
            return BillTo.fromFields(fields);
        }
    }

    /**
     * The order with the form of one method, which asks only that method's fields; the choice above it always lists
     * M-PESA first, the method of most payers on a phone.
     *
     * @param method the method the payer chose, or null for the one the merchant's channel type meant
     */
    String form(CheckoutPage order, Typed typed, Map<String, String> errors, PaymentMethod method) {
        Map<String, Object> model = orderModel(order);
        boolean mpesa = (method == null ? order.preferredMethod() : method) == PaymentMethod.MOBILE_MONEY;
        model.put("method", mpesa ? "mpesa" : "card");
        model.put("detailFields", mpesa ? MPESA_DETAIL_FIELDS : DETAIL_FIELDS);
        model.put("typed", typed);
        model.put("due", DUE.format(order.dueDate().atZoneSameInstant(NAIROBI)));
        model.put("failure", order.lastFailureMessage() == null ? null : failure(order));
        model.put("errors", errors);
        return templates.render("checkout/form", model);
    }

    /** The sandbox issuer's 3-D Secure challenge; a real issuer's page would take its place. */
    String challenge(CheckoutPage order, Typed typed, CardEntry.Challenge challenge) {
        Map<String, Object> model = orderModel(order);
        model.put("detailFields", DETAIL_FIELDS);
        model.put("typed", typed);
        model.put("challenge", challenge);
        model.put("network", network(challenge.network()));
        return templates.render("checkout/challenge", model);
    }

    String processing(CheckoutPage order) {
        Map<String, Object> model = orderModel(order);
        model.put("byMobile", order.paymentMethod() == PaymentMethod.MOBILE_MONEY);
        return templates.render("checkout/processing", model);
    }

    String completed(CheckoutPage order, ReturnForm returnForm) {
        Map<String, Object> model = orderModel(order);
        model.put("returnForm", returnForm);
        String receipt = returnForm.fieldMap().get("thirdPartyReference");
        model.put("mpesaReceipt", order.paymentMethod() == PaymentMethod.MOBILE_MONEY && receipt != null
                && !receipt.isEmpty() ? receipt : null);
        return templates.render("checkout/completed", model);
    }

    String ended(CheckoutPage order, String title, String message) {
        Map<String, Object> model = orderModel(order);
        model.put("title", title);
        model.put("message", message);
        return templates.render("checkout/ended", model);
    }

    /** The order would be payable but has had every attempt it takes: the payer may still cancel it. */
    String noMoreAttempts(CheckoutPage order, String message) {
        Map<String, Object> model = orderModel(order);
        model.put("message", message);
        return templates.render("checkout/no-more-attempts", model);
    }

    String missing() {
        return templates.render("checkout/missing", Map.of());
    }

    /** A page's variables, starting with the order every page of it shows. */
    private static Map<String, Object> orderModel(CheckoutPage order) {
        Map<String, Object> model = new HashMap<>();
        model.put("order", order);
        return model;
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

    private static String network(String network) {
        return "MASTERCARD".equals(network) ? "Mastercard" : "VISA".equals(network) ? "Visa" : network;
    }
}
