package com.paywire.workflows;

import io.temporal.activity.ActivityOptions;
import io.temporal.activity.LocalActivityOptions;
import io.temporal.common.RetryOptions;
import java.time.Duration;
import java.util.List;

/** Every activity timeout and retry in one place, so that the interface's limits are not scattered as literals. */
public final class Policies {

    /**
     * Transport and database failures: retry after 1 s, doubling, at most every 30 s. Broken invariants and bad
     * data ({@link FailureType}) are never retried: they would fail the same way every 30 s, unseen.
     */
    private static final RetryOptions BACKOFF = RetryOptions.newBuilder()
            .setInitialInterval(Duration.ofSeconds(1))
            .setBackoffCoefficient(2)
            .setMaximumInterval(Duration.ofSeconds(30))
            .setDoNotRetry(FailureType.nonRetryable())
            .build();

    /** A database step (ledger, read model) is short: longer than this, it is stuck, and is tried again. */
    private static final Duration DATABASE_STEP_TIMEOUT = Duration.ofSeconds(10);
    /** How long a local database step keeps being retried while the database is away. */
    private static final Duration DATABASE_OUTAGE_LIMIT = Duration.ofDays(1);

    private Policies() {
    }

    /**
     * How long a rail that may have taken a payment without saying so is still asked what became of it (airtime,
     * bills), as long as payouts reconcile late answers; after it, the hold stays for an operator.
     */
    public static final Duration RECONCILIATION_WINDOW = Duration.ofHours(24);

    /** A webhook or callback receiver must answer with a 2xx within this, or the attempt failed (docs/webhooks.md). */
    public static final Duration DELIVERY_ATTEMPT_TIMEOUT = Duration.ofSeconds(5);

    /**
     * After a failed delivery attempt, the wait before the next, measured from the start of the failed one
     * (docs/webhooks.md, "The ladder"). After the last failed retry a webhook endpoint becomes INACTIVE.
     */
    public static final List<Duration> DELIVERY_RETRY_LADDER = List.of(Duration.ofSeconds(30), Duration.ofMinutes(2),
            Duration.ofMinutes(10), Duration.ofMinutes(30), Duration.ofHours(2));

    /** A delivery attempt: the HTTP call is bounded by DELIVERY_ATTEMPT_TIMEOUT; the activity retries only our own failures. */
    public static ActivityOptions deliveryAttempt(String taskQueue) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setStartToCloseTimeout(DELIVERY_ATTEMPT_TIMEOUT.plusSeconds(10))
                .setRetryOptions(BACKOFF)
                .build();
    }

    /** Database work (ledger, read model): short, retried until the database is back. */
    public static ActivityOptions database(String taskQueue) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setStartToCloseTimeout(DATABASE_STEP_TIMEOUT)
                .setRetryOptions(BACKOFF)
                .build();
    }

    /**
     * The same database work run as a local activity: in the worker, inside the workflow task, with no round
     * trip through the Temporal service per step. Its result is recorded in the history all the same; a worker
     * that dies mid-task leaves it to be run again, which the steps' idempotency makes harmless.
     */
    public static LocalActivityOptions localDatabase() {
        return LocalActivityOptions.newBuilder()
                .setStartToCloseTimeout(DATABASE_STEP_TIMEOUT)
                // the SDK retries a local activity only when it has a schedule-to-close timeout or a maximum
                // number of attempts: with neither, as before, its first failure (a dropped connection) failed
                // the workflow and left the line's funds held
                .setScheduleToCloseTimeout(DATABASE_OUTAGE_LIMIT)
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

    /**
     * Waiting for a rail to settle something it accepted: the activity fails while it is not settled, and is
     * asked again, first after a minute, then less often, for {@code settleWithin} at most. Retries are not
     * recorded in the workflow's history, unlike a loop of timers. Over a window of hours (the reconciliation of an
     * unknown outcome, which the client already sees as pending confirmation) it is asked every half hour at most
     * often, not every ten minutes: about 50 questions a day instead of 150.
     */
    public static ActivityOptions awaitSettlement(String taskQueue, Duration settleWithin) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setStartToCloseTimeout(Duration.ofSeconds(15))
                .setScheduleToCloseTimeout(settleWithin)
                .setRetryOptions(RetryOptions.newBuilder()
                        .setInitialInterval(Duration.ofMinutes(1))
                        .setBackoffCoefficient(2)
                        .setMaximumInterval(settleWithin.compareTo(Duration.ofHours(1)) > 0
                                ? Duration.ofMinutes(30) : Duration.ofMinutes(10))
                        .build())
                .build();
    }
}
