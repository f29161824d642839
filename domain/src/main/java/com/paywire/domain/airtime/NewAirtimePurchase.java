package com.paywire.domain.airtime;

import java.math.BigDecimal;
import java.util.List;

/** An airtime purchase as the client sent it (docs/interface.md#airtime); every rule is {@link AirtimePurchases}'. */
public record NewAirtimePurchase(String originatorConversationId, String callbackUrl, List<Recipient> recipients) {

    public record Recipient(String currencyCode, String phoneNumber, BigDecimal amount, String name) {
    }
}
