package com.paywire.domain.timeline;

import com.paywire.domain.timeline.TimelineStep.Operator;
import com.paywire.domain.timeline.TimelineStep.Outcome;
import com.paywire.domain.timeline.TimelineStep.Source;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.DeliveryAttempt;
import com.paywire.vocabulary.notifications.DeliveryStatus;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.workflows.Policies;
import com.paywire.workflows.WorkflowIds;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A payment's notifications as steps: each attempt of each delivery of its events, to a webhook endpoint or to the
 * callback URL the client gave, with what the target answered and when the next attempt comes (the ladder of
 * {@link Policies#DELIVERY_RETRY_LADDER}); a delivery not attempted yet, or held back, as one step.
 */
public final class DeliverySteps {

    /** One delivery of one event, with its attempts, oldest first. */
    public record DeliveryAttempts(Event event, Delivery delivery, List<DeliveryAttempt> attempts) {
    }

    private DeliverySteps() {
    }

    static List<TimelineStep> of(List<DeliveryAttempts> deliveries) {
        List<TimelineStep> steps = new ArrayList<>();
        for (DeliveryAttempts delivery : deliveries) {
            boolean webhook = delivery.delivery().webhookId() != null;
            String target = webhook ? "webhook" : "callback";
            Operator operator = new Operator(WorkflowIds.delivery(delivery.delivery().clientId(),
                    delivery.delivery().id().toString()), null, List.of(), "DELIVERY", delivery.event().type(),
                    delivery.delivery().id().toString());
            if (delivery.attempts().isEmpty()) {
                Instant planned = delivery.delivery().createdAt().toInstant();
                steps.add(delivery.delivery().status() == DeliveryStatus.SUSPENDED
                        ? new TimelineStep(planned, null, null, Outcome.SUSPENDED,
                                target + " not sent: the webhook endpoint is inactive", null, Source.NOTIFICATION, operator)
                        : new TimelineStep(planned, null, null, Outcome.PENDING, target + " waiting to be sent", null,
                                Source.NOTIFICATION, operator));
            }
            for (DeliveryAttempt attempt : delivery.attempts()) {
                steps.add(attempt(delivery, attempt, target, webhook, operator));
            }
        }
        return steps;
    }

    private static TimelineStep attempt(DeliveryAttempts delivery, DeliveryAttempt attempt, String target,
                                        boolean webhook, Operator operator) {
        Instant time = attempt.attemptedAt().toInstant();
        Duration took = Duration.ofMillis(attempt.latencyMs());
        Integer status = attempt.statusCode();
        if (status != null && status >= 200 && status < 300) {
            return new TimelineStep(time, took, attempt.attemptNumber(), Outcome.DELIVERED,
                    target + " delivered (attempt " + attempt.attemptNumber() + ")", null, Source.NOTIFICATION, operator);
        }
        String endpoint = webhook ? "webhook endpoint" : "callback URL";
        String failure = status != null ? endpoint + " answered " + status
                : endpoint + " could not be reached: " + PlainWords.masked(attempt.error());
        List<Duration> ladder = Policies.DELIVERY_RETRY_LADDER;
        String next;
        if (attempt.attemptNumber() <= ladder.size()) {
            next = ", retrying in " + PlainWords.duration(ladder.get(attempt.attemptNumber() - 1));
        } else {
            next = delivery.delivery().status() == DeliveryStatus.FAILED && webhook
                    ? "; no retries left: the endpoint is now inactive" : "; no retries left";
        }
        return new TimelineStep(time, took, attempt.attemptNumber(), Outcome.FAILED, failure + next, failure,
                Source.NOTIFICATION, operator);
    }
}
