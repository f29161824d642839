package com.paywire.domain.checkout;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * The body POSTed to the merchant's checkoutCallbackUrl on every status change: the order's fields as requested
 * ({@code checkoutCurrencyCode} a number), its id and amounts, and {@code checkoutOutcome} with PascalCase keys.
 */
public record CheckoutCallback(String checkoutId, String conversationId, String originatorConversationId,
                               String checkoutReference, String checkoutRouteId, int checkoutRouteChannelType,
                               String checkoutNotes, int checkoutCurrencyCode, String checkoutCurrencyName,
                               OffsetDateTime checkoutDueDate, String checkoutReturnUrl, String checkoutCancelUrl,
                               String checkoutCallbackUrl, String checkoutAccountNo,
                               List<CheckoutOrderView.Line> checkoutRequestLines, BigDecimal checkoutTotalAmount,
                               BigDecimal checkoutFeeAmount, Outcome checkoutOutcome) {

    public record Outcome(@JsonProperty("Status") int status, @JsonProperty("StatusDesc") String statusDesc,
                          @JsonProperty("ResultCode") String resultCode, @JsonProperty("ResultDesc") String resultDesc,
                          @JsonProperty("ThirdPartyPayload") ThirdPartyPayload thirdPartyPayload) {
    }

    public record ThirdPartyPayload(@JsonProperty("ResponseCode") String responseCode,
                                    @JsonProperty("ResponseDesc") String responseDesc,
                                    @JsonProperty("Reference") String reference) {
    }
}
