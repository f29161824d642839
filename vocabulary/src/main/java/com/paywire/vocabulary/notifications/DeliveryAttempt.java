package com.paywire.vocabulary.notifications;

import java.time.OffsetDateTime;

/** One try at a delivery: when, and what the receiving end answered (or the error). */
public record DeliveryAttempt(int attemptNumber, OffsetDateTime attemptedAt, Integer statusCode, String error,
                              int latencyMs) {
}
