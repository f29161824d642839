package com.paywire.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The unmeasured warm-up before a measured phase: rounds of the phase's own work until every JVM taking part has
 * stopped compiling, so that the JIT's work is no part of what the phase measures. Settled: in the last round each
 * JVM's compiler threads used less than {@link #SETTLED_JIT_SHARE} of its CPU, after at least {@link #MIN_ROUNDS}
 * rounds. A warm-up that has not settled after {@link #MAX_ROUNDS} goes on to the measured phase and says so.
 */
final class SteadyState {

    static final double SETTLED_JIT_SHARE = 0.03;
    static final int MIN_ROUNDS = 2;
    /**
     * On this project's 2-core machine the API's and the worker's compilers never drop under the share above: C2
     * keeps compiling a few methods a second, some for the first time, some again after a trap. What they run is
     * compiled well before that, though: after 60 rounds a payout line cost 34 ms, after 8 rounds 47 to 59 (three runs,
     * docs/benchmark.md), so the warm-up goes on that long before it measures all the same.
     */
    static final int MAX_ROUNDS = 60;

    /** One round of warm-up work (its number from 1, so that it can name what it creates). */
    @FunctionalInterface
    interface Round {
        void run(int round) throws Exception;
    }

    /** How a warm-up ended: its rounds, whether it settled, and each JVM's JIT share of CPU in its last round. */
    record Result(int rounds, boolean settled, Map<String, Double> lastJitShares) {

        Map<String, Object> toJson() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("rounds", rounds);
            json.put("settled", settled);
            json.put("jitShareOfCpuLastRound", lastJitShares.entrySet().stream().collect(Collectors.toMap(
                    Map.Entry::getKey, e -> Math.round(e.getValue() * 1000) / 1000.0, (a, b) -> a, LinkedHashMap::new)));
            return json;
        }
    }

    private SteadyState() {
    }

    /** Runs rounds of work until the JVMs given have settled, or {@link #MAX_ROUNDS} ran; one progress line a round. */
    static Result warmUp(String work, CpuByRole jvms, Round round) throws Exception {
        Map<String, Double> shares = Map.of();
        for (int n = 1; n <= MAX_ROUNDS; n++) {
            CpuByRole.Reading before = jvms.read();
            round.run(n);
            shares = jvms.jitShares(before);
            boolean settled = settled(n, shares);
            PaywireBenchmark.progress("   warm-up round %d (%s): JIT share of CPU %s%s", n, work, describe(shares),
                    settled ? ": settled" : "");
            if (settled) {
                return new Result(n, true, shares);
            }
        }
        PaywireBenchmark.progress("   warm-up did NOT settle after %d rounds: measuring all the same", MAX_ROUNDS);
        return new Result(MAX_ROUNDS, false, shares);
    }

    /** Whether round {@code round}, with these JIT shares, ends the warm-up. */
    static boolean settled(int round, Map<String, Double> jitShares) {
        return round >= MIN_ROUNDS && jitShares.values().stream().allMatch(share -> share < SETTLED_JIT_SHARE);
    }

    private static String describe(Map<String, Double> shares) {
        return shares.entrySet().stream().map(e -> String.format("%s %.1f%%", e.getKey(), e.getValue() * 100))
                .collect(Collectors.joining(", "));
    }
}
