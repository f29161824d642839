package com.paywire.workflows.notifications;

/** One delivery of one event to one target; {@code predecessorId} must be settled before it starts. */
public record DeliveryCommand(String deliveryId, String clientId, String predecessorId) {
}
