package com.paywire.api.checkout;

import com.paywire.api.errors.HasOriginatorConversationId;
import com.paywire.api.input.Amount;
import com.paywire.domain.checkout.NewCheckoutOrder;
import jakarta.validation.Valid;
import java.math.BigDecimal;
import java.util.List;

/**
 * The body of Create checkout order (docs/interface.md#hosted-checkout). Only the shapes are the API's (an
 * integer currency code, a price by the amount rule); every other rule is the domain's ({@code CheckoutOrders}).
 */
record CheckoutOrderRequest(String originatorConversationId, String checkoutReference, String checkoutRouteId,
                            Integer checkoutRouteChannelType, String checkoutNotes, Integer checkoutCurrencyCode,
                            String checkoutCurrencyName, String checkoutDueDate, String checkoutReturnUrl,
                            String checkoutCancelUrl, String checkoutCallbackUrl, String checkoutAccountNo,
                            List<@Valid Line> checkoutRequestLines) implements HasOriginatorConversationId {

    record Line(String sku, String name, @Amount BigDecimal price) {
    }

    NewCheckoutOrder command() {
        return new NewCheckoutOrder(originatorConversationId, checkoutReference, checkoutRouteId,
                checkoutRouteChannelType, checkoutNotes, checkoutCurrencyCode, checkoutCurrencyName, checkoutDueDate,
                checkoutReturnUrl, checkoutCancelUrl, checkoutCallbackUrl, checkoutAccountNo,
                checkoutRequestLines == null ? null : checkoutRequestLines.stream()
                        .map(l -> l == null ? null : new NewCheckoutOrder.Line(l.sku(), l.name(), l.price())).toList());
    }
}
