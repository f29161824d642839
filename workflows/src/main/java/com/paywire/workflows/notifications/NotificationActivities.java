package com.paywire.workflows.notifications;

import io.temporal.activity.ActivityInterface;

@ActivityInterface
public interface NotificationActivities {

    /** Records the event and starts its deliveries; idempotent on the event id. */
    void publish(EventCommand event);

    /**
     * Makes attempt {@code attemptNumber}: signs and POSTs within the time limit and records the attempt at the
     * workflow's time {@code attemptAtMillis}. A retried activity finds its attempt recorded and does not POST again.
     */
    AttemptResult attempt(String deliveryId, int attemptNumber, long attemptAtMillis);

    /** Records the delivery's end; a FAILED webhook delivery makes its endpoint INACTIVE. */
    void finish(String deliveryId, DeliveryOutcome outcome);

    boolean isSettled(String deliveryId);

    /** The delivery waiting for this one, or null. */
    String successorOf(String deliveryId);
}
