package com.paywire.domain.checkout;

import java.math.BigDecimal;
import java.util.List;

/**
 * A merchant's request for a checkout order, as sent (docs/interface.md#hosted-checkout); {@link CheckoutOrders}
 * checks every rule. Field names are the request's, so that a refusal names the field the merchant wrote.
 *
 * @param checkoutDueDate ISO 8601; without an offset it is East Africa Time
 */
public record NewCheckoutOrder(String originatorConversationId, String checkoutReference, String checkoutRouteId,
                               Integer checkoutRouteChannelType, String checkoutNotes, Integer checkoutCurrencyCode,
                               String checkoutCurrencyName, String checkoutDueDate, String checkoutReturnUrl,
                               String checkoutCancelUrl, String checkoutCallbackUrl, String checkoutAccountNo,
                               List<Line> checkoutRequestLines) {

    public record Line(String sku, String name, BigDecimal price) {
    }
}
