package com.paywire.domain.notifications;

import com.paywire.workflows.bills.BillReminderWorkflow;
import com.paywire.workflows.payouts.PayoutEvents;
import java.util.List;
import java.util.stream.Stream;

/** The event names a webhook can subscribe to: the card events of docs/interface.md#webhooks-and-events, the
 * payout events and the bill due-date reminder. */
public final class WebhookEvents {

    public static final List<String> ALL = Stream.concat(Stream.of("payment.authorised", "payment.authorisation_failed",
            "payment.captured", "payment.voided", "payment.refund_initiated", "payment.refund_failed", "fraud.rejected",
            "authentication.completed", BillReminderWorkflow.EVENT), PayoutEvents.ALL.stream()).toList();

    /**
     * The event a console user sends to one endpoint to try it ({@link Webhooks#sendTest}). Not in {@link #ALL}: no
     * endpoint can subscribe to it, so it reaches only the endpoint it is sent to.
     */
    public static final String TEST = "webhook.test";

    private WebhookEvents() {
    }
}
