package com.paywire.domain.platform;

import com.paywire.domain.InvalidInputException;
import com.paywire.persistence.deployment.DeploymentSettings;
import com.paywire.workflows.WorkflowIds;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local stack's test clock: Temporal's dev service's own time, which the platform's {@link java.time.Clock}
 * follows there, so that moving it forward fires workflows' timers and moves every "now" the platform decides by
 * (due dates, expiries, windows, sweeps) with them. One clock for the whole stack: every client's payments see it.
 * Only the local stack provides one (it starts the dev service), and only with {@link #ENABLED} set, which a role
 * refuses outside the local profile; elsewhere the platform's clock is the system's.
 *
 * <p>The service jumps from timer to timer only while no work is in flight; while an activity runs, its time runs
 * at the wall clock's pace. So an advance runs in the background, one at a time, and its caller waits for it
 * {@link #ANSWER_WITHIN_SECONDS} seconds at most: then it hears where the clock is and which work holds it. The
 * local stack hands both roles this one object, so the worker marks here the activities it runs ({@link #holding})
 * and the API names them.
 */
public final class TestClock {

    /** Set by the local stack when it provides the test clock; a deployment that sets it refuses to start. */
    public static final String ENABLED = DeploymentSettings.TEST_CLOCK_ENABLED;

    /** The longest advance one call may ask for: each timer due meanwhile fires. */
    public static final Duration MAX_ADVANCE = Duration.ofDays(30);

    /** How long the caller of an advance waits for it to get there before hearing where it is instead, in seconds. */
    public static final int ANSWER_WITHIN_SECONDS = 3;

    private static final Logger log = LoggerFactory.getLogger(TestClock.class);

    /** The time the test clock reads and moves: the dev service's in the local stack, a stand-in's in tests. */
    public interface Source {

        /** The platform's now. */
        Instant now();

        /**
         * Moves the time forward by {@code by} and returns once it has got there: every timer due meanwhile has
         * fired. Never called again before the last call has returned.
         *
         * @return the new now
         */
        Instant advance(Duration by);

        /** How far the time is ahead of the wall clock: the advances less the real time they took. */
        Duration advancedBy();
    }

    /**
     * An activity in flight, which holds the clock at the wall clock's pace until it is done.
     *
     * @param inFlightFor how long it has run, in real time
     */
    public record Hold(String workflowId, String activityType, Duration inFlightFor) {

        /** What its workflow's id names: whose payment (or delivery) it is. */
        public WorkflowIds.Named workflow() {
            return WorkflowIds.named(workflowId);
        }
    }

    /**
     * An advance of the clock: how far, and where to.
     *
     * @param reached where the clock got to; empty while it is under way
     * @param heldBy  while it is under way, the activities in flight, longest first (what holds it when any do)
     */
    public record Advance(Duration by, Instant target, Optional<Instant> reached, List<Hold> heldBy) {

        public boolean underWay() {
            return reached.isEmpty();
        }
    }

    /** An activity's mark, which the worker closes once the activity is done. */
    public interface Holding extends AutoCloseable {

        @Override
        void close();
    }

    /** Refused: another advance has not got there yet. */
    public static final class AdvanceUnderWayException extends RuntimeException {

        AdvanceUnderWayException(Running underWay) {
            super("An advance of the test clock by " + underWay.by() + " is under way: ask again once it has got"
                    + " there.");
        }
    }

    /** The advance the background thread is running: its target, and once there, where it got to. */
    private record Running(Duration by, Instant target, CompletableFuture<Instant> reached) {
    }

    /** An activity in flight since {@code startedNanos} ({@link System#nanoTime}). */
    private record Mark(String workflowId, String activityType, long startedNanos) {
    }

    private final Source source;
    private final Duration answerWithin;
    private final AtomicReference<Running> running = new AtomicReference<>();
    private final Map<Object, Mark> inFlight = new ConcurrentHashMap<>();

    public TestClock(Source source) {
        this(source, Duration.ofSeconds(ANSWER_WITHIN_SECONDS));
    }

    TestClock(Source source, Duration answerWithin) {
        this.source = source;
        this.answerWithin = answerWithin;
    }

    /**
     * How far a client asks to move the clock.
     *
     * @param by an ISO-8601 duration: PT2M, PT3H, P1D
     * @throws InvalidInputException on the field {@code by} when it is missing, unreadable, not positive or longer
     *                               than {@link #MAX_ADVANCE}
     */
    public static Duration advanceOf(String by) {
        FieldRules rules = new FieldRules();
        String text = rules.text("by", by, true, 40);
        Duration advance = null;
        if (text != null && !rules.has("by")) {
            try {
                advance = Duration.parse(text);
            } catch (DateTimeParseException unreadable) {
                rules.add("by", "The field by must be an ISO-8601 duration such as PT2M, PT3H or P1D.");
            }
        }
        if (advance != null && (advance.isNegative() || advance.isZero())) {
            rules.add("by", "The field by must be positive: the test clock only moves forward.");
        } else if (advance != null && advance.compareTo(MAX_ADVANCE) > 0) {
            rules.add("by", "The field by must be at most P" + MAX_ADVANCE.toDays() + "D.");
        }
        rules.refuseIfAny(null);
        return advance;
    }

    /** The platform's now. */
    public Instant now() {
        return source.now();
    }

    /** How far the platform's time is ahead of the wall clock: the advances less the real time they took. */
    public Duration advancedBy() {
        return source.advancedBy();
    }

    /**
     * Starts moving the platform's time forward by {@code by} and waits for it to get there,
     * {@link #ANSWER_WITHIN_SECONDS} at most: the advance, got there or still under way (then it goes on in the
     * background).
     *
     * @throws AdvanceUnderWayException when another advance has not got there yet
     */
    public Advance advance(Duration by) {
        if (by.isNegative() || by.isZero()) {
            throw new IllegalArgumentException("the test clock only moves forward: " + by);
        }
        Running started = new Running(by, source.now().plus(by), new CompletableFuture<>());
        while (!running.compareAndSet(null, started)) {
            Running other = running.get();
            if (other != null) { // else it got there in between: try again
                throw new AdvanceUnderWayException(other);
            }
        }
        Thread.ofPlatform().daemon().name("test-clock-advance").start(() -> run(started));
        try {
            Instant reached = started.reached().get(answerWithin.toMillis(), TimeUnit.MILLISECONDS);
            return new Advance(by, started.target(), Optional.of(reached), List.of());
        } catch (TimeoutException stillGoing) {
            return underWay(started);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return underWay(started);
        } catch (ExecutionException failed) {
            throw failed.getCause() instanceof RuntimeException cause ? cause
                    : new IllegalStateException("the test clock did not move", failed.getCause());
        }
    }

    private void run(Running advance) {
        try {
            Instant reached = source.advance(advance.by());
            // free before telling: whoever hears it got there may start the next at once
            running.compareAndSet(advance, null);
            advance.reached().complete(reached);
        } catch (RuntimeException failed) {
            log.error("The test clock's advance by {} failed", advance.by(), failed);
            running.compareAndSet(advance, null);
            advance.reached().completeExceptionally(failed);
        }
    }

    /** The advance under way, if there is one, with the activities in flight now. */
    public Optional<Advance> underWay() {
        return Optional.ofNullable(running.get()).map(this::underWay);
    }

    private Advance underWay(Running advance) {
        long now = System.nanoTime();
        List<Hold> holds = inFlight.values().stream().sorted(Comparator.comparingLong(Mark::startedNanos))
                .map(mark -> new Hold(mark.workflowId(), mark.activityType(),
                        Duration.ofNanos(now - mark.startedNanos())))
                .toList();
        return new Advance(advance.by(), advance.target(), Optional.empty(), holds);
    }

    /**
     * Marks an activity of this workflow in flight until the mark is closed: while an advance is under way, it is
     * named as holding the clock.
     */
    public Holding holding(String workflowId, String activityType) {
        Object key = new Object();
        inFlight.put(key, new Mark(workflowId, activityType, System.nanoTime()));
        return () -> inFlight.remove(key);
    }
}
