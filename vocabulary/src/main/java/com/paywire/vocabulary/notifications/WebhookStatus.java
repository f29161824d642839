package com.paywire.vocabulary.notifications;

/** Where a webhook endpoint stands; stored, and answered to clients, by name (webhook_endpoints.status). */
public enum WebhookStatus {
    /** receives its events */
    ACTIVE,
    /** every retry of a delivery failed: its deliveries wait, suspended, until the client activates it again */
    INACTIVE,
    /** deleted by the client: kept for the deliveries' history, listed nowhere */
    DELETED
}
