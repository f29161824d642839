package com.paywire.persistence;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * What a database read answered for a key, kept for a while so that a busy caller costs one read every so often
 * instead of one per request. A change made through this process is forgotten at once ({@link #forget}); one made
 * through another replica holds once the kept answer has aged out. Only answers that found something are kept.
 *
 * @param <K> what is asked about (a client's id); bounded by what callers may ask, so the map is not
 * @param <V> what was found
 */
public final class Remembered<K, V> {

    private record Kept<V>(V value, Instant until) {
    }

    private final Duration span;
    private final Clock clock;
    private final Map<K, Kept<V>> kept = new ConcurrentHashMap<>();

    public Remembered(Duration span, Clock clock) {
        this.span = span;
        this.clock = clock;
    }

    /** The kept answer while it is younger than the span, otherwise {@code read}'s, kept if it found something. */
    public Optional<V> get(K key, Function<K, Optional<V>> read) {
        Instant now = clock.instant();
        Kept<V> known = kept.get(key);
        if (known != null && now.isBefore(known.until())) {
            return Optional.of(known.value());
        }
        Optional<V> found = read.apply(key);
        found.ifPresentOrElse(value -> kept.put(key, new Kept<>(value, now.plus(span))), () -> kept.remove(key));
        return found;
    }

    /** What is kept for the key changed: the next {@link #get} reads it. */
    public void forget(K key) {
        kept.remove(key);
    }
}
