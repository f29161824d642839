package com.paywire.vocabulary.bills;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/** A client's saved account at a biller, with what the biller last said about it. */
public record BillNumber(UUID id, String clientId, UUID serviceId, String accountNumber, String customerName,
                         String phoneNumber, String transactionDesc, boolean enabled, boolean verified,
                         OffsetDateTime dueDate, BigDecimal lastKnownBalance, boolean remindMeDueDate,
                         OffsetDateTime createdAt, OffsetDateTime updatedAt) {
}
