package com.paywire.domain.checkout;

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
public record CheckoutOrderView(String id, String conversationId, String checkoutId, String originatorConversationId,
                                String checkoutReference, String checkoutRouteId, int checkoutRouteChannelType,
                                String checkoutNotes, String checkoutCurrencyCode, String checkoutCurrencyName,
                                OffsetDateTime checkoutDueDate, String checkoutReturnUrl, String checkoutCancelUrl,
                                String checkoutCallbackUrl, String checkoutAccountNo, List<Line> checkoutRequestLines,
                                BigDecimal checkoutTotalAmount, BigDecimal checkoutFeeAmount, Outcome checkoutOutcome,
                                String billToFirstName, String billToLastName, String billToAddress1,
                                String billToLocality, String billToAdministrativeArea, String billToPostalCode,
                                String billToCountry, String billToEmail, String billToPhoneNumber) {

    public record Line(String sku, String name, BigDecimal price) {
    }

    /** @param resultCode null while Pending or Processing */
    public record Outcome(int status, String statusDesc, String resultCode, String resultDesc,
                          ThirdPartyPayload thirdPartyPayload) {
    }

    public record ThirdPartyPayload(String responseCode, String responseDesc, String reference) {
    }
}
