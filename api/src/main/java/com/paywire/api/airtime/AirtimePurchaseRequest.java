package com.paywire.api.airtime;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.errors.HasOriginatorConversationId;
import com.paywire.api.input.Amount;
import com.paywire.domain.airtime.NewAirtimePurchase;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import java.math.BigDecimal;
import java.util.List;

/**
 * The body of Airtime Purchase (docs/interface.md#airtime). Only the shapes are the API's (an amount by the amount
 * rule); every other rule, the limits among them, is the domain's ({@code AirtimePurchases}).
 */
record AirtimePurchaseRequest(
        @Schema(description = "the client's own unique id of the purchase; a reused one is refused as a duplicate")
        String originatorConversationId,
        @Schema(description = "where Paywire posts the outcome; HTTPS outside the local stack")
        @JsonProperty("callbackURL") String callbackUrl,
        @Schema(description = "the numbers to top up, each with its amount")
        List<@Valid Recipient> recipients) implements HasOriginatorConversationId {

    /**
     * @param phoneNumber a Kenyan mobile number of Safaricom, Airtel or Telkom, in any of the three forms
     * @param amount      10 to 10,000 KES
     */
    record Recipient(
            @Schema(description = "KES")
            String currencyCode,
            @Schema(description = "a Safaricom, Airtel or Telkom number written " + MobileNumbers.FORMS)
            String phoneNumber,
            @Schema(description = "KES, a JSON number or string")
            @Amount(limits = AmountLimit.AIRTIME_TOP_UP) BigDecimal amount,
            @Schema(description = "the recipient's name")
            String name) {
    }

    NewAirtimePurchase command() {
        return new NewAirtimePurchase(originatorConversationId, callbackUrl, recipients == null ? null
                : recipients.stream().map(r -> r == null ? null : new NewAirtimePurchase.Recipient(r.currencyCode(),
                        r.phoneNumber(), r.amount(), r.name())).toList());
    }
}
