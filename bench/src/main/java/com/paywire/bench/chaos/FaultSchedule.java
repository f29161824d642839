package com.paywire.bench.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;

/**
 * When each fault happens: one every {@link #SPACING} from {@link #SPACING} into the load, in an order shuffled
 * with the seed, every kind once before any kind twice, none in the load's last {@link #SPACING}. The same seed,
 * length and kinds give the same schedule. A load too short for every kind at that spacing is refused, naming the
 * length it needs ({@link #lengthFor}), rather than run with some kinds left out; the default length is that of
 * every kind.
 *
 * <p>A switched fault (a rail's or the load's) stays on for {@link #RAIL_FAULT_WINDOW}, and longer, up to
 * {@link #FIRING_LIMIT}, until it has affected a request: a fault that was on while nobody called the rail proves
 * nothing. So two may be on at once (the next comes while one waits to fire), and the load goes on past its length
 * while one is. What each affected is counted by whoever plays it ({@link #start}'s {@code affected}).
 */
final class FaultSchedule {

    static final Duration SPACING = Duration.ofSeconds(15);
    /** How long a rail fault stays on. */
    static final Duration RAIL_FAULT_WINDOW = Duration.ofSeconds(12);
    /**
     * How long a switched fault that has affected nothing yet may stay on: longer than one request can hold every
     * client up (a capture while the card processor is away is answered after the processor's 2 minutes of retries).
     */
    static final Duration FIRING_LIMIT = Duration.ofMinutes(3);
    private static final Duration FIRING_CHECK = Duration.ofSeconds(1);

    /** The shortest load with room for each of {@code kinds} once. */
    static Duration lengthFor(Set<Fault> kinds) {
        return SPACING.multipliedBy(kinds.size() + 1L);
    }

    record Event(Duration at, Fault fault) {
    }

    /** What the run does for the faults that are not the rails'. */
    interface Injector {
        void inject(Fault fault) throws Exception;
    }

    private final List<Event> events;
    private final Map<Fault, Integer> injected = new EnumMap<>(Fault.class);
    private final List<String> failures = Collections.synchronizedList(new ArrayList<>());
    /** The switched faults on now, in the order they went on, each with its switching on (a fault may come twice). */
    private final Map<Fault, Object> on = Collections.synchronizedMap(new LinkedHashMap<>());
    private ScheduledThreadPoolExecutor timer;

    FaultSchedule(long seed, Duration load) {
        this(seed, load, EnumSet.allOf(Fault.class));
    }

    /** A schedule of the given kinds only (to reproduce one fault in a short run). */
    FaultSchedule(long seed, Duration load, Set<Fault> kinds) {
        if (load.compareTo(lengthFor(kinds)) < 0) {
            throw new IllegalArgumentException("a load of " + load.toSeconds() + " s has no room for each of the "
                    + kinds.size() + " faults once: give it " + lengthFor(kinds).toSeconds() + " s or name fewer");
        }
        Random random = new Random(seed);
        List<Event> planned = new ArrayList<>();
        List<Fault> round = new ArrayList<>();
        for (Duration at = SPACING; at.plus(SPACING).compareTo(load) <= 0; at = at.plus(SPACING)) {
            if (round.isEmpty()) {
                round.addAll(kinds);
                Collections.shuffle(round, random);
            }
            planned.add(new Event(at, round.removeFirst()));
        }
        this.events = List.copyOf(planned);
    }

    List<Event> events() {
        return events;
    }

    /**
     * The switched fault on now that applies to a request to {@code path}, or null; of two that apply, the one that
     * went on first (a fault that has not fired yet stays on while the next one comes).
     */
    Fault on(String path) {
        synchronized (on) {
            return on.keySet().stream().filter(fault -> fault.appliesTo(path)).findFirst().orElse(null);
        }
    }

    /** Whether {@code fault} is switched on now. */
    boolean isOn(Fault fault) {
        return on.containsKey(fault);
    }

    /** Whether some switched fault is still on: the load goes on until none is, at most {@link #FIRING_LIMIT}. */
    boolean anyOn() {
        return !on.isEmpty();
    }

    synchronized Map<Fault, Integer> injected() {
        return new EnumMap<>(injected);
    }

    List<String> failures() {
        return failures;
    }

    /**
     * Starts the schedule: the run's faults through {@code injector}, the switched ones by {@link #on},
     * each kept on until {@code affected} counts a request it changed or {@link #FIRING_LIMIT} has passed.
     */
    void start(Injector injector, ToIntFunction<Fault> affected) {
        timer = new ScheduledThreadPoolExecutor(2);
        timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false); // stop() drops the faults not yet due
        for (Event event : events) {
            timer.schedule(() -> {
                ChaosRun.progress("fault at %ds: %s", event.at().toSeconds(), event.fault());
                synchronized (this) {
                    injected.merge(event.fault(), 1, Integer::sum);
                }
                if (event.fault().switched()) {
                    switchOn(event.fault(), affected, RAIL_FAULT_WINDOW);
                } else {
                    try {
                        injector.inject(event.fault());
                    } catch (Exception e) {
                        failures.add(event.fault() + " at " + event.at().toSeconds() + "s: " + e.getMessage());
                    }
                }
            }, event.at().toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** Switches {@code fault} on for {@code window}, and after it until it has affected a request (at most the limit). */
    void switchOn(Fault fault, ToIntFunction<Fault> affected, Duration window) {
        Object switching = new Object();
        synchronized (on) {
            on.remove(fault); // on again: in the order of its latest switching on
            on.put(fault, switching);
        }
        int before = affected.applyAsInt(fault);
        switchOffOnceFired(fault, switching, before, System.nanoTime() + FIRING_LIMIT.toNanos(), affected, window);
    }

    /** Switches {@code fault} off after {@code delay} if it has affected a request since it went on, else looks again. */
    private void switchOffOnceFired(Fault fault, Object switching, int before, long offAt,
                                    ToIntFunction<Fault> affected, Duration delay) {
        timer.schedule(() -> {
            if (on.get(fault) != switching) {
                return; // switched on again since, or the schedule stopped
            }
            if (affected.applyAsInt(fault) > before || System.nanoTime() >= offAt) {
                on.remove(fault, switching);
            } else {
                switchOffOnceFired(fault, switching, before, offAt, affected, FIRING_CHECK);
            }
        }, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** No more faults; a process being restarted is waited for. */
    void stop() throws InterruptedException {
        on.clear();
        timer.shutdown();
        timer.awaitTermination(3, TimeUnit.MINUTES);
        on.clear();
    }
}
