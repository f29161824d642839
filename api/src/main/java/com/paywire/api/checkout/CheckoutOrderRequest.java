package com.paywire.api.checkout;

import com.paywire.api.errors.HasOriginatorConversationId;
import com.paywire.api.input.Amount;
import com.paywire.domain.checkout.NewCheckoutOrder;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import java.math.BigDecimal;
import java.util.List;

/**
 * The body of Create checkout order (docs/interface.md#hosted-checkout). Only the shapes are the API's (an
 * integer currency code, a price by the amount rule); every other rule is the domain's ({@code CheckoutOrders}).
 */
record CheckoutOrderRequest(
        @Schema(description = "the client's own unique id of the order; a reused one is refused as a duplicate")
        String originatorConversationId,
        @Schema(description = "the client's reference of the order, shown to the payer")
        String checkoutReference,
        @Schema(description = "the CHECKOUT route's id (9701cd4f-98b8-423c-829e-28c6dc337e18 in the sandbox)")
        String checkoutRouteId,
        @Schema(description = "the method offered first: 1 M-Pesa, 158 card")
        Integer checkoutRouteChannelType,
        @Schema(description = "a note shown to the payer")
        String checkoutNotes,
        @Schema(description = "the currency's ISO 4217 number: 404")
        Integer checkoutCurrencyCode,
        @Schema(description = "the currency's letter code: KES")
        String checkoutCurrencyName,
        @Schema(description = "until when the order may be paid (ISO 8601 with an offset); after it the page "
                + "refuses payment")
        String checkoutDueDate,
        @Schema(description = "where the payer's browser goes after paying")
        String checkoutReturnUrl,
        @Schema(description = "where the payer's browser goes on cancelling")
        String checkoutCancelUrl,
        @Schema(description = "where Paywire posts the outcome; HTTPS outside the local stack")
        String checkoutCallbackUrl,
        @Schema(description = "the account the payment is for, kept with the order")
        String checkoutAccountNo,
        @Schema(description = "the items ordered; the order's total is the sum of their prices")
        List<@Valid Line> checkoutRequestLines) implements HasOriginatorConversationId {

    record Line(
            @Schema(description = "the item's stock-keeping unit")
            String sku,
            @Schema(description = "the item's name, shown to the payer")
            String name,
            @Schema(description = "the item's price, in shillings")
            @Amount BigDecimal price) {
    }

    NewCheckoutOrder command() {
        return new NewCheckoutOrder(originatorConversationId, checkoutReference, checkoutRouteId,
                checkoutRouteChannelType, checkoutNotes, checkoutCurrencyCode, checkoutCurrencyName, checkoutDueDate,
                checkoutReturnUrl, checkoutCancelUrl, checkoutCallbackUrl, checkoutAccountNo,
                checkoutRequestLines == null ? null : checkoutRequestLines.stream()
                        .map(l -> l == null ? null : new NewCheckoutOrder.Line(l.sku(), l.name(), l.price())).toList());
    }
}
