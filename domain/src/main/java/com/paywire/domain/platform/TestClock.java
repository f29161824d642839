package com.paywire.domain.platform;

import com.paywire.domain.InvalidInputException;
import com.paywire.persistence.deployment.DeploymentSettings;
import com.paywire.workflows.WorkflowIds;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
 * at the wall clock's pace. So the clock moves on a thread of its own, and the caller of an advance waits for it
 * {@link #ANSWER_WITHIN_SECONDS} seconds at most: then it hears where the clock is and which work holds it. Advances
 * asked meanwhile, by anyone, join the one under way: the clock goes on to the furthest point asked. The local stack
 * hands both roles this one object, so the worker marks here the activities it runs ({@link #holding}) and the API
 * names them.
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
         */
        void advance(Duration by);

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
     * An advance of the clock: how far, and where to. Under way, as the clock's own, it is every advance asked since
     * it last stood still, from where it stood then to the furthest point asked.
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

    /** One caller's advance: where it goes, and where the clock was once it got there. */
    private record Waiter(Instant target, CompletableFuture<Instant> reached) {
    }

    /** The clock on its way: from where it stood, to the furthest point asked, with the callers still waiting. */
    private static final class Run {
        final Instant from;
        Instant target;
        final List<Waiter> waiters = new ArrayList<>();

        Run(Instant from, Instant target) {
            this.from = from;
            this.target = target;
        }
    }

    /** An activity in flight since {@code startedNanos} ({@link System#nanoTime}). */
    private record Mark(String workflowId, String activityType, long startedNanos) {
    }

    private final Source source;
    private final Duration answerWithin;
    /** The clock on its way, guarded by this; null while it stands still. */
    private Run run;
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
     * Moves the platform's time forward by {@code by} from now and waits for it to get there,
     * {@link #ANSWER_WITHIN_SECONDS} at most: the advance, got there or still under way (then the clock goes on in
     * the background). While the clock is already on its way, this joins it, taking it further if it goes further.
     */
    public Advance advance(Duration by) {
        if (by.isNegative() || by.isZero()) {
            throw new IllegalArgumentException("the test clock only moves forward: " + by);
        }
        Waiter waiter;
        synchronized (this) {
            Instant now = source.now();
            waiter = new Waiter(now.plus(by), new CompletableFuture<>());
            if (run == null) {
                run = new Run(now, waiter.target());
                Thread.ofPlatform().daemon().name("test-clock-advance").start(this::move);
            } else if (waiter.target().isAfter(run.target)) {
                run.target = waiter.target();
            }
            run.waiters.add(waiter);
        }
        try {
            Instant reached = waiter.reached().get(answerWithin.toMillis(), TimeUnit.MILLISECONDS);
            return new Advance(by, waiter.target(), Optional.of(reached), List.of());
        } catch (TimeoutException stillGoing) {
            return new Advance(by, waiter.target(), Optional.empty(), holds());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return new Advance(by, waiter.target(), Optional.empty(), holds());
        } catch (ExecutionException failed) {
            throw failed.getCause() instanceof RuntimeException cause ? cause
                    : new IllegalStateException("the test clock did not move", failed.getCause());
        }
    }

    /** The clock's own thread: moves it step by step until no caller asks for further, telling each once there. */
    private void move() {
        boolean first = true;
        while (true) {
            Duration step;
            synchronized (this) {
                Instant now = source.now();
                boolean there = !run.target.isAfter(now);
                List<Waiter> done = run.waiters.stream().filter(w -> !w.target().isAfter(now)).toList();
                run.waiters.removeAll(done);
                if (there) {
                    run = null; // before telling: whoever hears it got there may ask for the next at once
                }
                done.forEach(w -> w.reached().complete(now));
                if (there) {
                    return;
                }
                if (first) { // as asked, from where the clock stood when asked
                    step = Duration.between(run.from, run.target);
                } else { // rounded up: the dev service counts milliseconds, so a step of less would stop short
                    step = Duration.ofMillis((ChronoUnit.MICROS.between(now, run.target) + 999) / 1000);
                }
                first = false;
            }
            try {
                source.advance(step);
            } catch (RuntimeException failed) {
                log.error("The test clock's advance by {} failed", step, failed);
                synchronized (this) {
                    run.waiters.forEach(w -> w.reached().completeExceptionally(failed));
                    run = null;
                }
                return;
            }
        }
    }

    /** The clock on its way, if it is, with the activities in flight now. */
    public synchronized Optional<Advance> underWay() {
        return run == null ? Optional.empty()
                : Optional.of(new Advance(Duration.between(run.from, run.target), run.target, Optional.empty(),
                        holds()));
    }

    /** The activities in flight now, longest first. */
    private List<Hold> holds() {
        long now = System.nanoTime();
        return inFlight.values().stream().sorted(Comparator.comparingLong(Mark::startedNanos))
                .map(mark -> new Hold(mark.workflowId(), mark.activityType(),
                        Duration.ofNanos(now - mark.startedNanos())))
                .toList();
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
