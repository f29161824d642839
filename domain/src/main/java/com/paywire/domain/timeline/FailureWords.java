package com.paywire.domain.timeline;

import com.paywire.workflows.FailureType;
import io.temporal.api.common.v1.RetryPolicy;
import io.temporal.api.failure.v1.Failure;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What went wrong, in plain words, from a Temporal failure: a rail's answer ("rail answered 503"), a time limit, a
 * broken invariant. Messages are Paywire's own (activities report by {@link FailureType}); what they may quote
 * is masked ({@link PlainWords#masked}).
 */
final class FailureWords {

    private static final Pattern HTTP_STATUS = Pattern.compile("answered HTTP (\\d{3})");

    private FailureWords() {
    }

    static String of(Failure failure) {
        if ((failure.hasActivityFailureInfo() || failure.hasChildWorkflowExecutionFailureInfo()) && failure.hasCause()) {
            return of(failure.getCause());
        }
        if (failure.hasTimeoutFailureInfo()) {
            String limit = switch (failure.getTimeoutFailureInfo().getTimeoutType()) {
                case TIMEOUT_TYPE_START_TO_CLOSE -> "an attempt ran past its time limit";
                case TIMEOUT_TYPE_SCHEDULE_TO_START -> "no worker took it up in time";
                case TIMEOUT_TYPE_HEARTBEAT -> "it stopped reporting progress";
                default -> "gave up: no success within its time limit";
            };
            return failure.hasCause() ? limit + "; the last attempt: " + of(failure.getCause()) : limit;
        }
        if (failure.hasCanceledFailureInfo()) {
            return "cancelled";
        }
        if (failure.hasTerminatedFailureInfo()) {
            return "terminated";
        }
        String message = failure.getMessage();
        if (!failure.hasApplicationFailureInfo()) {
            return PlainWords.masked(message);
        }
        String type = failure.getApplicationFailureInfo().getType();
        if (FailureType.RAIL_UNAVAILABLE.name().equals(type)) {
            return railAway(message);
        }
        if (FailureType.INVARIANT_VIOLATED.name().equals(type)) {
            return "Paywire's records disagree, for an operator to look at: " + PlainWords.masked(message);
        }
        if (FailureType.BAD_DATA.name().equals(type)) {
            return "a value could not be read: " + PlainWords.masked(message);
        }
        return "failed: " + PlainWords.masked(message);
    }

    /** A rail that could not be reached, or answered what is no answer. */
    private static String railAway(String message) {
        Matcher status = HTTP_STATUS.matcher(message);
        if (status.find()) {
            return "rail answered " + status.group(1) + (message.contains("not JSON") ? " with a body it could not read" : "");
        }
        if (message.contains("did not answer")) {
            return "rail did not answer";
        }
        return "rail unavailable: " + PlainWords.masked(message);
    }

    /**
     * How long Temporal waits before the attempt after {@code failedAttempts} failures: the policy's first
     * interval, times its coefficient for each failure after the first, never over its maximum.
     */
    static Duration retryDelay(RetryPolicy policy, int failedAttempts) {
        Duration initial = Duration.ofSeconds(policy.getInitialInterval().getSeconds(),
                policy.getInitialInterval().getNanos());
        if (initial.isZero()) {
            initial = Duration.ofSeconds(1); // Temporal's default
        }
        double coefficient = policy.getBackoffCoefficient() == 0 ? 2.0 : policy.getBackoffCoefficient();
        double millis = initial.toMillis() * Math.pow(coefficient, Math.max(0, failedAttempts - 1));
        Duration delay = Duration.ofMillis((long) Math.min(millis, Long.MAX_VALUE / 2.0));
        if (policy.hasMaximumInterval()) {
            Duration maximum = Duration.ofSeconds(policy.getMaximumInterval().getSeconds(),
                    policy.getMaximumInterval().getNanos());
            if (!maximum.isZero() && delay.compareTo(maximum) > 0) {
                delay = maximum;
            }
        }
        return delay;
    }

    /** The failure an activity ended with, and how many attempts it took: "rail answered 503; gave up after 5 attempts". */
    static String lastOf(Failure failure, int attempts) {
        return of(failure) + (attempts > 1 ? "; gave up after " + attempts + " attempts" : "");
    }

    /** "attempt 1 failed", "attempts 1 to 3 failed", with the last failure when Temporal kept it. */
    static String earlierAttempts(int attempt, Failure lastFailure) {
        int failed = attempt - 1;
        String which = failed == 1 ? "attempt 1 failed" : "attempts 1 to " + failed + " failed";
        if (lastFailure == null) {
            return which;
        }
        return which + (failed == 1 ? ": " : " (the last: ") + of(lastFailure) + (failed == 1 ? "" : ")");
    }
}
