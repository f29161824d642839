package com.paywire.vocabulary.payouts;

import java.time.OffsetDateTime;
import java.util.UUID;

public record PaymentOrderRow(UUID id, String clientId, String originatorConversationId, String paymentNotes,
                              boolean isProcessed, boolean workflowStarted, OffsetDateTime createdAt) {
}
