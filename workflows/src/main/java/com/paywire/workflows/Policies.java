package com.paywire.workflows;

import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import java.time.Duration;

/** Every activity timeout and retry in one place, so that the spec's limits are not scattered as literals. */
public final class Policies {

    /** Transport and database failures: retry after 1 s, doubling, at most every 30 s. */
    private static final RetryOptions BACKOFF = RetryOptions.newBuilder()
            .setInitialInterval(Duration.ofSeconds(1))
            .setBackoffCoefficient(2)
            .setMaximumInterval(Duration.ofSeconds(30))
            .build();

    private Policies() {
    }

    /** Database work (ledger, read model): short, retried until the database is back. */
    public static ActivityOptions database(String taskQueue) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setStartToCloseTimeout(Duration.ofSeconds(10))
                .setRetryOptions(BACKOFF)
                .build();
    }

    /**
     * A call to a rail. Transport failures (5xx, refused, timeout) retry with backoff for at most
     * {@code giveUpAfter}; a business refusal is an answer, not a failure, and is never retried.
     */
    public static ActivityOptions railCall(String taskQueue, Duration giveUpAfter) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setStartToCloseTimeout(Duration.ofSeconds(15))
                .setScheduleToCloseTimeout(giveUpAfter)
                .setRetryOptions(BACKOFF)
                .build();
    }
}
