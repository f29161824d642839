package com.paywire.workflows;

import io.temporal.activity.ActivityOptions;
import io.temporal.activity.LocalActivityOptions;
import io.temporal.common.RetryOptions;
import java.time.Duration;
import java.util.List;

/**
 * Every duration a workflow waits, and every activity timeout and retry, in one place, so that the interface's limits
 * are not scattered as literals. A workflow that waits on one of these fixes its value in its history: changing one
 * changes only the workflows started after.
 */
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
    /** How long a database step keeps being retried while the database is away; then it fails, visibly. */
    private static final Duration DATABASE_OUTAGE_LIMIT = Duration.ofDays(1);
    /** A rail call longer than this is stuck (the adapter's own HTTP timeouts are shorter), and is tried again. */
    private static final Duration RAIL_CALL_TIMEOUT = Duration.ofSeconds(15);
    /** Beyond the receiver's own limit: time for our side of a delivery attempt (reading the event, recording it). */
    private static final Duration DELIVERY_ATTEMPT_OVERHEAD = Duration.ofSeconds(10);
    /** A settlement window longer than this is one of hours: its questions may be further apart. */
    private static final Duration SETTLEMENT_SHORT_WINDOW = Duration.ofHours(1);
    /** A settlement question first comes back after this; the interval then doubles. */
    private static final Duration SETTLEMENT_FIRST_RETRY = Duration.ofMinutes(1);
    /** At most this between two settlement questions, over a window of an hour or less. */
    private static final Duration SETTLEMENT_SHORT_MAX_RETRY = Duration.ofMinutes(10);
    /** At most this between two settlement questions, over a longer window. */
    private static final Duration SETTLEMENT_LONG_MAX_RETRY = Duration.ofMinutes(30);

    /** The next wait of a doubling backoff: twice {@code wait}, but never longer than {@code longest}. */
    public static Duration doubled(Duration wait, Duration longest) {
        return wait.multipliedBy(2).compareTo(longest) > 0 ? longest : wait.multipliedBy(2);
    }

    private Policies() {
    }

    /**
     * How long a rail that may have taken a payment without saying so is still asked what became of it (airtime,
     * bills), as long as payouts reconcile late answers; after it, the hold stays for an operator.
     */
    public static final Duration RECONCILIATION_WINDOW = Duration.ofHours(24);

    /** A status query that cannot reach the rail gives up quickly: the next timer, or the reconciliation, asks again. */
    public static final Duration STATUS_QUERY_GIVE_UP = Duration.ofSeconds(30);

    /** While reconciling a payout line after its timeout, how often the rail is asked. */
    public static final Duration PAYOUT_RECONCILIATION_QUERY_INTERVAL = Duration.ofHours(1);

    /**
     * While a phone prompt whose outcome is unknown is reconciled (its credit held since before it was sent: no
     * callback, and a status query with no final word when its window closed), how often the rail is asked, for
     * {@link #RECONCILIATION_WINDOW}.
     */
    public static final Duration PROMPT_RECONCILIATION_QUERY_INTERVAL = Duration.ofMinutes(30);

    /** A prompt the mobile-money rail cannot take within this is given up: the payer was never asked. */
    public static final Duration PROMPT_SEND_GIVE_UP = Duration.ofMinutes(1);

    /**
     * A checkout's card charge the processor cannot finish within this is given up: the attempt fails and the order
     * stays payable. Within it, retries reuse the attempt's RequestId and charge once.
     */
    public static final Duration CARD_CHARGE_GIVE_UP = Duration.ofMinutes(5);

    /** A call to the card processor (authorise, capture, void, refund) retries this long, then is refused. */
    public static final Duration CARD_PROCESSOR_GIVE_UP = Duration.ofMinutes(2);

    /**
     * A capture or refund whose answer the processor's retries did not bring is asked about again, by its reference
     * (made once), for this long; after it, its hold stays on the ledger for an operator.
     */
    public static final Duration CARD_PROCESSOR_ANSWER_WINDOW = Duration.ofDays(1);

    /** How long captured card money may still be refunded (and the card payment's workflow stays open for it). */
    public static final Duration CARD_REFUND_WINDOW = Duration.ofDays(180);

    /** How long the card processor has to settle a refund before it is left to reconciliation. */
    public static final Duration CARD_REFUND_SETTLEMENT_WINDOW = Duration.ofDays(1);

    /** Card payments that began before settlement by retries: how often an unsettled refund is looked at again. */
    public static final Duration CARD_REFUND_SETTLEMENT_CHECK = Duration.ofMinutes(1);

    /**
     * How many events a card payment's run may record before it continues as new (unless Temporal suggests it
     * sooner). Well under Temporal's warning at 10,240 events: a run of this size replays quickly on any worker.
     * A run fixes the value it started with, so changing it affects only runs started after.
     */
    public static final int CARD_PAYMENT_HISTORY_LIMIT = 2_000;

    /** The biller may be away when asked for the next bill: a day of retries, then the reminder asks again later. */
    public static final Duration BILLER_WINDOW = Duration.ofDays(1);

    /** The biller issues the next bill once the last is due: the reminder asks for it this long after the due date. */
    public static final Duration NEXT_BILL_DELAY = Duration.ofDays(1);

    /**
     * How soon a waiting delivery first looks at its predecessor again if no signal came (a signal can be lost to a
     * race); the interval then doubles, up to DELIVERY_PREDECESSOR_MAX_RECHECK (deliveries begun before bounded
     * waits look every minute).
     */
    public static final Duration DELIVERY_PREDECESSOR_RECHECK = Duration.ofMinutes(1);

    /** The longest between two looks at a predecessor: a safety net for a lost signal, not the usual way to learn. */
    public static final Duration DELIVERY_PREDECESSOR_MAX_RECHECK = Duration.ofMinutes(10);

    /**
     * The longest a delivery waits for its predecessor to settle. A predecessor's whole ladder takes under three
     * hours, so one still unsettled after this is stuck (its workflow ended without settling it); the delivery then
     * goes out rather than holding it, and every event after it, for ever.
     */
    public static final Duration DELIVERY_PREDECESSOR_WAIT_LIMIT = Duration.ofHours(6);

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
                .setStartToCloseTimeout(DELIVERY_ATTEMPT_TIMEOUT.plus(DELIVERY_ATTEMPT_OVERHEAD))
                .setRetryOptions(BACKOFF)
                .build();
    }

    /**
     * Database work (ledger, read model): short, retried while the database is away, for a day at most, as a local
     * database step is: after that the workflow sees the failure instead of waiting unseen.
     */
    public static ActivityOptions database(String taskQueue) {
        return ActivityOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setStartToCloseTimeout(DATABASE_STEP_TIMEOUT)
                .setScheduleToCloseTimeout(DATABASE_OUTAGE_LIMIT)
                .setRetryOptions(boundedBy(DATABASE_OUTAGE_LIMIT, BACKOFF))
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
                .setStartToCloseTimeout(RAIL_CALL_TIMEOUT)
                .setScheduleToCloseTimeout(giveUpAfter)
                .setRetryOptions(boundedBy(giveUpAfter, BACKOFF))
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
                .setStartToCloseTimeout(RAIL_CALL_TIMEOUT)
                .setScheduleToCloseTimeout(settleWithin)
                .setRetryOptions(boundedBy(settleWithin, RetryOptions.newBuilder()
                        .setInitialInterval(SETTLEMENT_FIRST_RETRY)
                        .setBackoffCoefficient(2)
                        .setMaximumInterval(settleWithin.compareTo(SETTLEMENT_SHORT_WINDOW) > 0
                                ? SETTLEMENT_LONG_MAX_RETRY : SETTLEMENT_SHORT_MAX_RETRY)
                        .build()))
                .build();
    }

    /**
     * The retries with as many attempts as their backoff fits in {@code window} when every attempt fails at once:
     * the schedule-to-close timeout still ends them (sooner when attempts take time), and this count ends them
     * too where that timeout is not kept. Temporal's Java dev service, which the local stack, the tests and the
     * chaos run use, checks a retried activity's schedule-to-close deadline only when the deadline's instant has a
     * non-zero fraction of a second, so about one activity in a thousand that fails throughout would otherwise be
     * retried for ever.
     */
    static RetryOptions boundedBy(Duration window, RetryOptions retries) {
        int attempts = 1;
        Duration waited = Duration.ZERO;
        Duration next = retries.getInitialInterval();
        while (waited.plus(next).compareTo(window) <= 0) {
            waited = waited.plus(next);
            attempts++;
            Duration grown = Duration.ofMillis((long) (next.toMillis() * retries.getBackoffCoefficient()));
            next = grown.compareTo(retries.getMaximumInterval()) > 0 ? retries.getMaximumInterval() : grown;
        }
        return RetryOptions.newBuilder(retries).setMaximumAttempts(attempts).build();
    }
}
