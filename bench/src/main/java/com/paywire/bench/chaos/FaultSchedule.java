package com.paywire.bench.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * When each fault happens: one every {@link #SPACING} from {@link #SPACING} into the load, in an order shuffled
 * with the seed, every kind once before any kind twice, none in the load's last {@link #SPACING}. The same seed,
 * length and kinds give the same schedule; the default length (240 s) has room for every kind.
 */
final class FaultSchedule {

    static final Duration SPACING = Duration.ofSeconds(15);
    /** How long a rail fault stays on. */
    static final Duration RAIL_FAULT_WINDOW = Duration.ofSeconds(12);

    record Event(Duration at, Fault fault) {
    }

    /** What the run does for the faults that are not the rails'. */
    interface Injector {
        void inject(Fault fault) throws Exception;
    }

    private final List<Event> events;
    private final Map<Fault, Integer> injected = new EnumMap<>(Fault.class);
    private final List<String> failures = Collections.synchronizedList(new ArrayList<>());
    private volatile Fault railFault;
    private ScheduledThreadPoolExecutor timer;

    FaultSchedule(long seed, Duration load) {
        this(seed, load, EnumSet.allOf(Fault.class));
    }

    /** A schedule of the given kinds only (to reproduce one fault in a short run). */
    FaultSchedule(long seed, Duration load, Set<Fault> kinds) {
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

    /** The rail fault switched on now, or null. */
    Fault railFault() {
        return railFault;
    }

    synchronized Map<Fault, Integer> injected() {
        return new EnumMap<>(injected);
    }

    List<String> failures() {
        return failures;
    }

    void start(Injector injector) {
        timer = new ScheduledThreadPoolExecutor(2);
        timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false); // stop() drops the faults not yet due
        for (Event event : events) {
            timer.schedule(() -> {
                ChaosRun.progress("fault at %ds: %s", event.at().toSeconds(), event.fault());
                synchronized (this) {
                    injected.merge(event.fault(), 1, Integer::sum);
                }
                if (event.fault().rail()) {
                    railFault = event.fault();
                    timer.schedule(() -> {
                        if (railFault == event.fault()) {
                            railFault = null;
                        }
                    }, RAIL_FAULT_WINDOW.toMillis(), TimeUnit.MILLISECONDS);
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

    /** No more faults; a process being restarted is waited for. */
    void stop() throws InterruptedException {
        railFault = null;
        timer.shutdown();
        timer.awaitTermination(3, TimeUnit.MINUTES);
        railFault = null;
    }
}
