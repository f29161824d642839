package com.paywire.domain.notifications;

import com.paywire.persistence.notifications.WebhookStore;
import com.paywire.vocabulary.notifications.EventType;
import java.util.List;

/**
 * The event names a webhook can subscribe to: every type Paywire publishes (docs/webhooks.md lists them), that is
 * the card events, the payout events, the bill due-date reminder and each product's result callback, or
 * {@link #EVERY} for all of them.
 */
public final class WebhookEvents {

    /** Subscribes an endpoint to every type in {@link #ALL}, including types added later. */
    public static final String EVERY = WebhookStore.EVERY_EVENT;

    /** The wire names of every {@link EventType} an endpoint may subscribe to. */
    public static final List<String> ALL = EventType.subscribableNames();

    /**
     * The event a console user sends to one endpoint to try it ({@link Webhooks#sendTest}). Not in {@link #ALL}: no
     * endpoint can subscribe to it, not even with {@link #EVERY}, so it reaches only the endpoint it is sent to.
     */
    public static final String TEST = WebhookStore.ENDPOINT_TEST_EVENT;

    private WebhookEvents() {
    }

    /** Whether an endpoint may name this in its Events: a type of {@link #ALL}, or {@link #EVERY}. */
    public static boolean subscribable(String name) {
        return EVERY.equals(name) || ALL.contains(name);
    }
}
