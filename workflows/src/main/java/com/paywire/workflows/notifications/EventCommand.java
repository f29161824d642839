package com.paywire.workflows.notifications;

/**
 * Something a client should hear about. A webhook event (its {@code Type} one of those in
 * docs/interface.md#webhooks-and-events) goes to every endpoint subscribed to it; with a callbackUrl it also goes
 * to that URL, signed with the client's callback secret, with {@code dataJson} as the whole body.
 *
 * @param eventId     chosen by the publisher (Workflow.randomUUID in workflows), so publishing is idempotent
 * @param orderingKey the payment it belongs to: its events reach each target in the order they happened
 */
public record EventCommand(String eventId, String clientId, String type, String orderingKey, String dataJson,
                           String callbackUrl, long createdAtMillis) {
}
