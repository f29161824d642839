package com.paywire.domain.checkout;

import com.paywire.persistence.checkout.CheckoutLine;
import com.paywire.vocabulary.checkout.BillingDetails;
import com.paywire.vocabulary.checkout.CheckoutOrder;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.notifications.EventCommand;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * A checkout order told three ways from one record: the status query's view, the merchant's callback body, and
 * the form the payer's browser POSTs to the checkoutReturnUrl.
 */
public final class CheckoutDocuments {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private CheckoutDocuments() {
    }

    public static CheckoutOrderView view(CheckoutOrder o, List<CheckoutLine> lines) {
        CheckoutOrder.Outcome r = o.outcome();
        BillingDetails b = o.billTo();
        return new CheckoutOrderView(o.systemConversationId().toString(), o.systemConversationId().toString(),
                o.id().toString(), o.originatorConversationId(), o.checkoutReference(), o.routeId().toString(),
                o.routeChannelType(), o.notes(), Integer.toString(o.currencyCode()), o.currencyName(), o.dueDate(),
                o.returnUrl(), o.cancelUrl(), o.callbackUrl(), o.accountNo(), lines(lines), o.totalAmount(),
                o.feeAmount(), new CheckoutOrderView.Outcome(o.status().code(), o.statusDesc(), r.resultCode(), r.resultDesc(),
                        new CheckoutOrderView.ThirdPartyPayload(r.thirdPartyResponseCode(), r.thirdPartyResponseDesc(),
                                r.thirdPartyReference())),
                b.firstName(), b.lastName(), b.address1(), b.locality(), b.administrativeArea(), b.postalCode(),
                b.country(), b.email(), b.phoneNumber());
    }

    public static CheckoutCallback callback(CheckoutOrder o, List<CheckoutLine> lines) {
        CheckoutOrder.Outcome r = o.outcome();
        return new CheckoutCallback(o.id().toString(), o.systemConversationId().toString(),
                o.originatorConversationId(), o.checkoutReference(), o.routeId().toString(), o.routeChannelType(),
                o.notes(), o.currencyCode(), o.currencyName(), o.dueDate(), o.returnUrl(), o.cancelUrl(),
                o.callbackUrl(), o.accountNo(), lines(lines), o.totalAmount(), o.feeAmount(),
                new CheckoutCallback.Outcome(o.status().code(), o.statusDesc(), r.resultCode(), r.resultDesc(),
                        new CheckoutCallback.ThirdPartyPayload(r.thirdPartyResponseCode(), r.thirdPartyResponseDesc(),
                                r.thirdPartyReference())));
    }

    /** The callback body as sent. */
    public static String callbackJson(CheckoutOrder o, List<CheckoutLine> lines) {
        return JSON.writeValueAsString(callback(o, lines));
    }

    /** The order as it now stands, to the merchant's checkoutCallbackUrl; the event id makes a retry harmless. */
    public static EventCommand callbackEvent(CheckoutOrder o, List<CheckoutLine> lines, String eventId, long atMillis) {
        return new EventCommand(eventId, o.clientId(), EventType.CHECKOUT_OUTCOME.wireName(),
                Product.CHECKOUT.eventKey(o.id().toString()), callbackJson(o, lines),
                o.callbackUrl(), atMillis);
    }

    /**
     * The fields POSTed to the checkoutReturnUrl, in this order; an unknown value is the empty string, so that
     * every field is always sent and the hash covers them all (docs/interface.md#hosted-checkout).
     */
    static Map<String, String> returnFields(CheckoutOrder o) {
        CheckoutOrder.Outcome r = o.outcome();
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("checkoutId", o.id().toString());
        fields.put("originatorConversationId", o.originatorConversationId());
        fields.put("conversationId", o.systemConversationId().toString());
        fields.put("checkoutReference", o.checkoutReference());
        fields.put("checkoutAccountNo", o.accountNo());
        fields.put("checkoutCurrencyCode", Integer.toString(o.currencyCode()));
        fields.put("checkoutCurrencyName", o.currencyName());
        fields.put("checkoutTotalAmount", amount(o.totalAmount()));
        fields.put("checkoutFeeAmount", amount(o.feeAmount()));
        fields.put("paymentMethod", o.paymentMethod() == null ? null : o.paymentMethod().name());
        fields.put("status", Integer.toString(o.status().code()));
        fields.put("statusDesc", o.statusDesc());
        fields.put("resultCode", r.resultCode());
        fields.put("resultDesc", r.resultDesc());
        fields.put("thirdPartyResponseCode", r.thirdPartyResponseCode());
        fields.put("thirdPartyResponseDesc", r.thirdPartyResponseDesc());
        fields.put("thirdPartyReference", r.thirdPartyReference());
        fields.replaceAll((name, value) -> value == null ? "" : value);
        return fields;
    }

    private static String amount(BigDecimal amount) {
        return Cents.exact(amount).toPlainString();
    }

    private static List<CheckoutOrderView.Line> lines(List<CheckoutLine> lines) {
        return lines.stream().map(l -> new CheckoutOrderView.Line(l.sku(), l.name(), l.price())).toList();
    }
}
