package com.paywire.persistence.airtime;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One airtime purchase: a client's request to top up one or more phone numbers.
 *
 * @param id     Paywire's id of the purchase, its systemConversationId
 * @param status {@link #PENDING} until every recipient is final, then {@link #COMPLETED}, {@link #PARTIALLY_COMPLETED}
 *               or {@link #FAILED}
 */
public record AirtimePurchase(UUID id, String clientId, String originatorConversationId, String callbackUrl,
                              String status, OffsetDateTime completedAt, boolean workflowStarted,
                              OffsetDateTime createdAt) {

    public static final String PENDING = "PENDING";
    /** Every recipient was topped up. */
    public static final String COMPLETED = "COMPLETED";
    /** Some recipients were topped up, some were not. */
    public static final String PARTIALLY_COMPLETED = "PARTIALLY_COMPLETED";
    /** No recipient was topped up. */
    public static final String FAILED = "FAILED";
}
