package com.paywire.api.auth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Failed secrets per client id, in this API replica's memory: after {@link #MAX_FAILURES} in a row the id is
 * locked out for {@link #LOCKOUT}, right secret or not. A success clears the count. Unknown ids count like known
 * ones. At most {@link #MAX_TRACKED} ids are tracked, so a flood of made-up ids cannot exhaust memory.
 */
final class FailedAttempts {

    static final int MAX_FAILURES = 5;
    static final Duration LOCKOUT = Duration.ofMinutes(1);
    /** Failures older than this are forgotten: occasional typos never add up to a lockout. */
    static final Duration WINDOW = Duration.ofMinutes(10);
    static final int MAX_TRACKED = 10_000;

    private record Count(int failures, Instant last, Instant lockedUntil) {
    }

    private final Clock clock;
    private final Map<String, Count> counts = new ConcurrentHashMap<>();

    FailedAttempts(Clock clock) {
        this.clock = clock;
    }

    Optional<Duration> lockedOutFor(String clientId) {
        Count count = counts.get(clientId);
        Instant now = clock.instant();
        return count == null || count.lockedUntil() == null || !now.isBefore(count.lockedUntil())
                ? Optional.empty() : Optional.of(Duration.between(now, count.lockedUntil()));
    }

    /** @return true when this failure locks the id out */
    boolean record(String clientId) {
        Instant now = clock.instant();
        if (counts.size() >= MAX_TRACKED && !counts.containsKey(clientId)) {
            counts.values().removeIf(c -> stale(c, now));
            if (counts.size() >= MAX_TRACKED) {
                return false;
            }
        }
        Count updated = counts.compute(clientId, (id, old) -> {
            int failures = old == null || stale(old, now) ? 1 : old.failures() + 1;
            return new Count(failures, now, failures >= MAX_FAILURES ? now.plus(LOCKOUT) : null);
        });
        return updated.lockedUntil() != null;
    }

    void clear(String clientId) {
        counts.remove(clientId);
    }

    private static boolean stale(Count count, Instant now) {
        boolean locked = count.lockedUntil() != null && now.isBefore(count.lockedUntil());
        return !locked && count.last().plus(WINDOW).isBefore(now);
    }
}
