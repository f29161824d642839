package com.paywire.api.auth;

import com.paywire.persistence.deployment.DeploymentSettings;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wrong secrets, counted in this API replica's memory per source address: per (client id, source) and per source
 * over every id. Past the free failures a source waits before its next check, twice as long after each further
 * failure ({@link #FIRST_DELAY} up to {@link #MAX_DELAY}); while it waits it is refused without any hashing, so
 * the PBKDF2 work one source can cause is capped. Only that source waits: the same id from anywhere else is
 * checked as usual, so nobody can lock a client out. A success clears the (id, source) count; a count with no
 * failure for {@link #WINDOW} starts again. IPv6 sources count per /64, the block one host usually holds.
 * On the local stack ({@link #LOOPBACK_PER_CLIENT}) a loopback source is counted per client id only: every client,
 * the console and the scripts there share 127.0.0.1, and one script's wrong secrets for its ids must not make
 * every other id wait.
 */
final class FailedAttempts {

    /** Failures of one source for one client id before it has to wait: typos never make anyone wait. */
    static final int FREE_FAILURES_PER_CLIENT = 5;
    /** Failures of one source over all client ids: guessing many ids from one place is throttled too. */
    static final int FREE_FAILURES_PER_SOURCE = 20;
    static final Duration FIRST_DELAY = Duration.ofSeconds(1);
    static final Duration MAX_DELAY = Duration.ofMinutes(5);
    /** A count with no failure for this long starts again. */
    static final Duration WINDOW = Duration.ofMinutes(10);
    /** Per map, so a flood of made-up ids or sources cannot exhaust memory. */
    static final int MAX_TRACKED = 10_000;

    /**
     * True on the local profile alone (a role elsewhere refuses to start with it): wrong secrets from a loopback
     * address (127.0.0.0/8, ::1) are not counted over all ids, only per (client id, source).
     */
    static final String LOOPBACK_PER_CLIENT = DeploymentSettings.LOOPBACK_PER_CLIENT;

    /** Why a source was told to wait. */
    enum Scope { CLIENT, SOURCE }

    record Wait(Scope scope, Duration duration) {
    }

    private record Count(int failures, Instant last, Instant waitUntil) {

        boolean waiting(Instant now) {
            return waitUntil != null && now.isBefore(waitUntil);
        }

        boolean stale(Instant now) {
            return !waiting(now) && !last.plus(WINDOW).isAfter(now);
        }
    }

    private record ClientAndSource(String clientId, String source) {
    }

    private final Clock clock;
    private final boolean loopbackPerClient;
    private final Map<ClientAndSource, Count> perClient = new ConcurrentHashMap<>();
    private final Map<String, Count> perSource = new ConcurrentHashMap<>();

    /** @param loopbackPerClient whether a loopback source is counted per client id only ({@link #LOOPBACK_PER_CLIENT}) */
    FailedAttempts(Clock clock, boolean loopbackPerClient) {
        this.clock = clock;
        this.loopbackPerClient = loopbackPerClient;
    }

    /** How long this source must wait before its secret for this id is checked, if it must. */
    Optional<Wait> waitFor(String clientId, String sourceAddress) {
        Instant now = clock.instant();
        String source = sourceKey(sourceAddress);
        return remaining(perSource.get(source), now).map(d -> new Wait(Scope.SOURCE, d))
                .or(() -> remaining(perClient.get(new ClientAndSource(clientId, source)), now)
                        .map(d -> new Wait(Scope.CLIENT, d)));
    }

    /** Counts a wrong secret; @return the wait it starts, if this failure starts one */
    Optional<Wait> recordFailure(String clientId, String sourceAddress) {
        Instant now = clock.instant();
        String source = sourceKey(sourceAddress);
        Count forClient = count(perClient, new ClientAndSource(clientId, source), FREE_FAILURES_PER_CLIENT, now);
        Optional<Wait> sourceWait = Optional.empty();
        if (!(loopbackPerClient && isLoopback(sourceAddress))) {
            sourceWait = startedWait(count(perSource, source, FREE_FAILURES_PER_SOURCE, now), now)
                    .map(d -> new Wait(Scope.SOURCE, d));
        }
        return sourceWait.or(() -> startedWait(forClient, now).map(d -> new Wait(Scope.CLIENT, d)));
    }

    void recordSuccess(String clientId, String sourceAddress) {
        perClient.remove(new ClientAndSource(clientId, sourceKey(sourceAddress)));
    }

    private <K> Count count(Map<K, Count> counts, K key, int freeFailures, Instant now) {
        makeRoom(counts, key, now);
        return counts.compute(key, (k, old) -> {
            int failures = old == null || old.stale(now) ? 1 : old.failures() + 1;
            return new Count(failures, now, failures > freeFailures ? now.plus(delay(failures - freeFailures)) : null);
        });
    }

    private static Optional<Duration> startedWait(Count count, Instant now) {
        return count.waiting(now) ? Optional.of(Duration.between(now, count.waitUntil())) : Optional.empty();
    }

    private static Optional<Duration> remaining(Count count, Instant now) {
        return count == null ? Optional.empty() : startedWait(count, now);
    }

    /** 1 s for the first failure past the free ones, doubling up to {@link #MAX_DELAY}. */
    static Duration delay(int failuresPastFree) {
        int doublings = Math.min(failuresPastFree - 1, 30);
        Duration delay = FIRST_DELAY.multipliedBy(1L << doublings);
        return delay.compareTo(MAX_DELAY) > 0 ? MAX_DELAY : delay;
    }

    /** Forgets stale counts when a map is full, then the oldest ones: a flood cannot grow the map or stop counting. */
    private static <K> void makeRoom(Map<K, Count> counts, K key, Instant now) {
        if (counts.size() < MAX_TRACKED || counts.containsKey(key)) {
            return;
        }
        counts.values().removeIf(c -> c.stale(now));
        while (counts.size() >= MAX_TRACKED) {
            counts.entrySet().stream().min(Comparator.comparing(e -> e.getValue().last()))
                    .ifPresent(oldest -> counts.remove(oldest.getKey()));
        }
    }

    /** 127.0.0.0/8 or ::1, written as an address: no name is looked up. */
    static boolean isLoopback(String address) {
        if (address == null || !(address.indexOf(':') >= 0 || address.chars().allMatch(c -> c == '.' || Character.isDigit(c)))) {
            return false;
        }
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException notAnAddress) {
            return false;
        }
    }

    /** The address, or for IPv6 its /64: one host can hold a whole /64, so counting its addresses apart is no limit. */
    static String sourceKey(String address) {
        if (address == null || address.indexOf(':') < 0) {
            return String.valueOf(address);
        }
        try {
            byte[] bytes = InetAddress.getByName(address).getAddress();
            if (bytes.length != 16) {
                return address;
            }
            StringBuilder prefix = new StringBuilder();
            for (int i = 0; i < 8; i += 2) {
                prefix.append(Integer.toHexString(((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff))).append(':');
            }
            return prefix.append(":/64").toString();
        } catch (UnknownHostException notAnAddress) {
            return address;
        }
    }
}
