package com.paywire.domain.bills;

import java.math.BigDecimal;

/**
 * A bill request as the client sent it (docs/interface.md#bills).
 *
 * @param transactionType 1 query the bill, 2 pay it, 3 validate the account
 * @param service         serviceId (integer or GUID) or serviceCode, as the client named it
 */
public record NewBillRequest(Integer transactionType, String service, String accountNumber, String msisdn,
                             String transactionDesc, String originatorConversationId, BigDecimal amount,
                             String customerNames, String countryCode, String currencyCode, String callbackUrl,
                             String narration) {
}
