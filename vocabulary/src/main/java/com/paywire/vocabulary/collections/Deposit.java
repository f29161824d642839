package com.paywire.vocabulary.collections;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/** An express deposit: the request as accepted, and its outcome so far. */
public record Deposit(UUID id, String clientId, String originatorConversationId, String shortCode, String accountNo,
                      BigDecimal amount, String phoneNumber, String transactionDesc, String callbackUrl,
                      Integer collectionType, String successRedirectUrl, String failedRedirectUrl,
                      String serviceCode, String currency, String firstName, String lastName, String mccmnc,
                      UUID paymentLinkId, String merchantRequestId, String checkoutRequestId, DepositStatus status,
                      String resultCode, String resultDesc, String receiptNumber, OffsetDateTime transactionDate,
                      boolean workflowStarted, OffsetDateTime createdAt) {
}
