package com.paywire.vocabulary.bills;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One bill payment (transactionType 2).
 *
 * @param status        stored as its code (BillPaymentStatus)
 * @param receiptNumber the biller's receipt; for prepaid electricity, the token
 */
public record BillPayment(UUID id, String clientId, String originatorConversationId, UUID serviceId,
                          String accountNumber, String msisdn, BigDecimal amount, BigDecimal fee, String customerNames,
                          String narration, String callbackUrl, BillPaymentStatus status, String statusCode,
                          String statusDescription, String accountCustomerName, BigDecimal dueAmount,
                          OffsetDateTime dueDate, String receiptNumber, OffsetDateTime datePaymentReceived,
                          boolean workflowStarted, OffsetDateTime createdAt) {
}
