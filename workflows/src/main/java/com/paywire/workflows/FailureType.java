package com.paywire.workflows;

import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.TimeoutFailure;
import java.util.Arrays;

/**
 * The failure types Paywire's activities throw, as {@link ApplicationFailure#getType()}. Only a rail that cannot
 * be reached is worth another attempt; a broken invariant or bad data fails the same way every time, so it fails
 * at once and shows in the workflow's history instead of looping on the retry policy unseen.
 */
public enum FailureType {

    /** The rail did not answer, or answered something that is not an answer (5xx, timeout, garbled body). */
    RAIL_UNAVAILABLE(true),
    /** Paywire's own state contradicts itself: a missing payout line or ledger account, a posted hold voided... */
    INVARIANT_VIOLATED(false),
    /** A value that cannot be read (an unknown status code, a date in the wrong format): asking again reads it again. */
    BAD_DATA(false);

    private final boolean retryable;

    FailureType(boolean retryable) {
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }

    /** The failure to throw from an activity; non-retryable ones stop the retry policy at the first attempt. */
    public ApplicationFailure failure(String message, Throwable cause) {
        return retryable ? ApplicationFailure.newFailureWithCause(message, name(), cause)
                : ApplicationFailure.newNonRetryableFailureWithCause(message, name(), cause);
    }

    /** The types no retry policy may retry. */
    public static String[] nonRetryable() {
        return Arrays.stream(values()).filter(t -> !t.retryable).map(Enum::name).toArray(String[]::new);
    }

    /**
     * Whether a rail call failed because the rail could not be reached: its last attempt failed as
     * RAIL_UNAVAILABLE, or it hung until a timeout. Any other failure is a bug or bad data, not the rail's absence.
     */
    public static boolean railUnreachable(ActivityFailure failure) {
        Throwable cause = failure.getCause();
        if (cause instanceof TimeoutFailure timeout) {
            cause = timeout.getCause(); // the last attempt's own failure, when it failed rather than hung
            if (cause == null || cause instanceof TimeoutFailure) {
                return true;
            }
        }
        return cause instanceof ApplicationFailure application && RAIL_UNAVAILABLE.name().equals(application.getType());
    }
}
