package com.paywire.vocabulary.notifications;

import java.time.OffsetDateTime;
import java.util.UUID;

/** An event's delivery to one URL, and how it stands. */
public record Delivery(UUID id, UUID eventId, String clientId, UUID webhookId, String url, DeliveryStatus status,
                       UUID predecessorId, OffsetDateTime createdAt, OffsetDateTime finishedAt) {
}
