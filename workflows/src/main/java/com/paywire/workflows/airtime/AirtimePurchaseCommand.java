package com.paywire.workflows.airtime;

import java.time.Duration;
import java.util.List;

/**
 * @param purchaseId   Paywire's id of the purchase (its systemConversationId); the numbers stay in the store
 * @param recipientIds the ids of its recipients, in the order of the request
 * @param railWindow   how long a recipient's network may be away (retried) before that top-up fails
 */
public record AirtimePurchaseCommand(String purchaseId, String clientId, String originatorConversationId,
                                     List<String> recipientIds, Duration railWindow) {
}
