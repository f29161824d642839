package com.paywire.domain.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.timeline.TimelineStep.Outcome;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.DeliveryAttempt;
import com.paywire.vocabulary.notifications.DeliveryStatus;
import com.paywire.vocabulary.notifications.Event;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A payment's deliveries as steps: each attempt, what the target answered, and when the next comes. */
class DeliveryStepsTest {

    private static final OffsetDateTime T0 = OffsetDateTime.parse("2026-11-20T10:00:00Z");
    private static final Event EVENT = new Event(UUID.randomUUID(), "acme", "payout.completed",
            "payment-order:o-1", "{}", null, T0);

    private static DeliverySteps.DeliveryAttempts delivery(UUID webhookId, DeliveryStatus status,
                                                   DeliveryAttempt... attempts) {
        return new DeliverySteps.DeliveryAttempts(EVENT, new Delivery(UUID.randomUUID(), EVENT.id(), "acme",
                webhookId, "https://merchant.example/hooks", status, null, T0, null), List.of(attempts));
    }

    private static DeliveryAttempt attempt(int number, Integer status, String error) {
        return new DeliveryAttempt(number, T0.plusMinutes(number), status, error, 40);
    }

    @Test
    void givenAWebhookThatFailedOnce_itShouldSayTheAnswerAndTheWait_thenTheDelivery() {
        List<TimelineStep> steps = DeliverySteps.of(List.of(delivery(UUID.randomUUID(), DeliveryStatus.DELIVERED,
                attempt(1, 500, null), attempt(2, 204, null))));

        assertThat(steps).extracting(TimelineStep::words).containsExactly(
                "webhook endpoint answered 500, retrying in 30 s", "webhook delivered (attempt 2)");
        assertThat(steps).extracting(TimelineStep::outcome).containsExactly(Outcome.FAILED, Outcome.DELIVERED);
        assertThat(steps).extracting(TimelineStep::attempt).containsExactly(1, 2);
        assertThat(steps.getFirst().failure()).isEqualTo("webhook endpoint answered 500");
        assertThat(steps.getFirst().operator().name()).isEqualTo("payout.completed");
        assertThat(steps.getFirst().operator().workflowId()).startsWith("delivery:acme:");
    }

    @Test
    void givenACallbackThatCouldNotBeReached_onEveryAttempt_itShouldSaySo_andThatNoRetriesAreLeft() {
        List<TimelineStep> steps = DeliverySteps.of(List.of(delivery(null, DeliveryStatus.FAILED,
                attempt(2, null, "connection refused"), attempt(6, 503, null))));

        assertThat(steps).extracting(TimelineStep::words).containsExactly(
                "callback URL could not be reached: connection refused, retrying in 2 min",
                "callback URL answered 503; no retries left");
    }

    @Test
    void givenAWebhookThatFailedEveryAttempt_itShouldSayTheEndpointIsNowInactive() {
        assertThat(DeliverySteps.of(List.of(delivery(UUID.randomUUID(), DeliveryStatus.FAILED,
                attempt(6, 500, null)))).getFirst().words())
                .isEqualTo("webhook endpoint answered 500; no retries left: the endpoint is now inactive");
    }

    @Test
    void givenDeliveriesNotAttempted_theyShouldSayWhy() {
        List<TimelineStep> steps = DeliverySteps.of(List.of(delivery(UUID.randomUUID(), DeliveryStatus.SUSPENDED),
                delivery(null, DeliveryStatus.PENDING)));

        assertThat(steps).extracting(TimelineStep::words).containsExactly(
                "webhook not sent: the webhook endpoint is inactive", "callback waiting to be sent");
        assertThat(steps).extracting(TimelineStep::outcome).containsExactly(Outcome.SUSPENDED, Outcome.PENDING);
    }
}
