package com.paywire.domain.checkout;

import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * A checkout order as the status query answers it (docs/interface.md#hosted-checkout): every request field,
 * {@code checkoutCurrencyCode} as a string, the amounts, the outcome with camelCase keys, and what the payer gave
 * (null where unknown).
 *
 * @param id             the systemConversationId, as is {@code conversationId}
 * @param checkoutId     the hosted page's id
 */
public record CheckoutOrderView(
        @Schema(description = "Paywire's id of the order")
        String id,
        @Schema(description = "Paywire's id of the order's request")
        String conversationId,
        @Schema(description = "Paywire's id of the order, in its page's URL")
        String checkoutId,
        @Schema(description = "the client's id of the order")
        String originatorConversationId,
        @Schema(description = "the client's reference of the order")
        String checkoutReference,
        @Schema(description = "the route the order was sent on")
        String checkoutRouteId,
        @Schema(description = "the channel type sent")
        int checkoutRouteChannelType,
        @Schema(description = "the note sent")
        String checkoutNotes,
        @Schema(description = "the currency's ISO 4217 number")
        String checkoutCurrencyCode,
        @Schema(description = "the currency's letter code")
        String checkoutCurrencyName,
        @Schema(description = "until when the order may be paid")
        OffsetDateTime checkoutDueDate,
        @Schema(description = "where the payer's browser goes after paying")
        String checkoutReturnUrl,
        @Schema(description = "where the payer's browser goes on cancelling")
        String checkoutCancelUrl,
        @Schema(description = "where Paywire posts the outcome")
        String checkoutCallbackUrl,
        @Schema(description = "the account sent")
        String checkoutAccountNo,
        @Schema(description = "the items ordered")
        List<Line> checkoutRequestLines,
        @Schema(description = "the order's total, in shillings")
        BigDecimal checkoutTotalAmount,
        @Schema(description = "Paywire's fee, in shillings")
        BigDecimal checkoutFeeAmount,
        @Schema(description = "the payment's outcome so far")
        Outcome checkoutOutcome,
        @Schema(description = "the payer's first name, from a card payment")
        String billToFirstName,
        @Schema(description = "the payer's last name, from a card payment")
        String billToLastName,
        @Schema(description = "the payer's street address")
        String billToAddress1,
        @Schema(description = "the payer's town")
        String billToLocality,
        @Schema(description = "the payer's county or state")
        String billToAdministrativeArea,
        @Schema(description = "the payer's postal code")
        String billToPostalCode,
        @Schema(description = "the payer's country")
        String billToCountry,
        @Schema(description = "the payer's email address")
        String billToEmail,
        @Schema(description = "the payer's phone number")
        String billToPhoneNumber) {

    public record Line(
            @Schema(description = "the item's stock-keeping unit")
            String sku,
            @Schema(description = "the item's name")
            String name,
            @Schema(description = "the item's price, in shillings")
            BigDecimal price) {
    }

    /** @param resultCode null while Pending or Processing */
    public record Outcome(
            @Schema(description = "the order's status code")
            int status,
            @Schema(description = "the order's status in words")
            String statusDesc,
            @Schema(description = "the rail's result code; null until there is one")
            String resultCode,
            @Schema(description = "the rail's result in words")
            String resultDesc,
            @Schema(description = "what the rail answered")
            ThirdPartyPayload thirdPartyPayload) {
    }

    public record ThirdPartyPayload(
            @Schema(description = "the rail's response code")
            String responseCode,
            @Schema(description = "the rail's response in words")
            String responseDesc,
            @Schema(description = "the rail's reference of the payment")
            String reference) {
    }
}
