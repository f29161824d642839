package com.paywire.api.notifications;

import java.util.List;

/** The event names a webhook can subscribe to (spec 6.1). */
final class WebhookEvents {

    static final List<String> ALL = List.of("payment.authorised", "payment.authorisation_failed", "payment.captured",
            "payment.voided", "payment.refund_initiated", "payment.refund_failed", "fraud.rejected",
            "authentication.completed");

    private WebhookEvents() {
    }
}
