package com.paywire.persistence.bills;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One bill payment (transactionType 2).
 *
 * @param status        0 Pending, 1 Processing (with the biller; status code 14 while pending confirmation), 2 Failed,
 *                      4 Completed, 8 Timed out (only payments that ran before unconfirmed ones were kept held:
 *                      the biller never confirmed and the funds were released)
 * @param receiptNumber the biller's receipt; for prepaid electricity, the token
 */
public record BillPayment(UUID id, String clientId, String originatorConversationId, UUID serviceId,
                          String accountNumber, String msisdn, BigDecimal amount, BigDecimal fee, String customerNames,
                          String narration, String callbackUrl, int status, String statusCode,
                          String statusDescription, String accountCustomerName, BigDecimal dueAmount,
                          OffsetDateTime dueDate, String receiptNumber, OffsetDateTime datePaymentReceived,
                          boolean workflowStarted, OffsetDateTime createdAt) {

    public static final int PENDING = 0;
    public static final int PROCESSING = 1;
    public static final int FAILED = 2;
    public static final int COMPLETED = 4;
    public static final int TIMED_OUT = 8;
}
