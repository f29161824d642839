package com.paywire.api.support;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The real clock, which a test can move forward: it keeps ticking from wherever it was moved to, unless the test
 * stops it ({@link #freeze()}), so that what depends on time elapsed does not depend on how fast the machine is.
 */
public final class MutableClock extends Clock {

    private volatile Duration offset = Duration.ZERO;
    private volatile Instant frozenAt;

    public void advance(Duration duration) {
        offset = offset.plus(duration);
        if (frozenAt != null) {
            frozenAt = frozenAt.plus(duration);
        }
    }

    /** Stops the clock where it is; {@link #advance} still moves it, and {@link #reset} starts it again. */
    public void freeze() {
        frozenAt = instant();
    }

    public void reset() {
        offset = Duration.ZERO;
        frozenAt = null;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        Instant frozen = frozenAt;
        return frozen != null ? frozen : Instant.now().plus(offset);
    }
}
