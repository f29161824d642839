package com.paywire.vocabulary.notifications;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** A registered webhook endpoint; {@code encryptedSecret} is the SigningSecret under SecretCipher. */
public record WebhookEndpoint(UUID id, String clientId, String url, List<String> events, String description,
                              String encryptedSecret, WebhookStatus status, OffsetDateTime createdAt) {
}
