package com.paywire.vocabulary.airtime;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One airtime purchase: a client's request to top up one or more phone numbers.
 *
 * @param id     Paywire's id of the purchase, its systemConversationId
 * @param status stored by name
 */
public record AirtimePurchase(UUID id, String clientId, String originatorConversationId, String callbackUrl,
                              AirtimePurchaseStatus status, OffsetDateTime completedAt, boolean workflowStarted,
                              OffsetDateTime createdAt) {
}
