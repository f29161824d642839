package com.paywire.workflows;

import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Functions;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A rail call with a fallback for a rail that could not be reached: the call's answer; or, when it failed because
 * the rail was away, the fallback's; any other failure (a bug, bad data) propagates and fails the workflow where
 * an operator sees it. Workflow code: it issues exactly the commands the call and the fallback issue, in order.
 */
public final class RailCalls {

    private RailCalls() {
    }

    /** Unreachable as {@link FailureType#railUnreachable} reads it. */
    public static <T> T orWhenUnreachable(Functions.Func<T> call, Function<ActivityFailure, T> fallback) {
        return orWhenUnreachable(call, FailureType::railUnreachable, fallback);
    }

    /**
     * Unreachable as {@code unreachable} reads it: for workflows whose older, versioned runs read it otherwise. It is
     * asked only when the call failed, once, before the fallback runs, so a reading that checks a version
     * ({@code Workflow.getVersion}) records its marker after the failure and before anything the fallback does.
     */
    public static <T> T orWhenUnreachable(Functions.Func<T> call, Predicate<ActivityFailure> unreachable,
                                          Function<ActivityFailure, T> fallback) {
        try {
            return call.apply();
        } catch (ActivityFailure failure) {
            if (!unreachable.test(failure)) {
                throw failure;
            }
            return fallback.apply(failure);
        }
    }
}
