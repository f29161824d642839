package com.paywire.domain.platform;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** The {@link TestClock} as the platform's {@link Clock}, in UTC or the zone a caller asks for. */
final class TestClockTime extends Clock {

    private final TestClock testClock;
    private final ZoneId zone;

    TestClockTime(TestClock testClock) {
        this(testClock, ZoneOffset.UTC);
    }

    private TestClockTime(TestClock testClock, ZoneId zone) {
        this.testClock = testClock;
        this.zone = zone;
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return zone.equals(this.zone) ? this : new TestClockTime(testClock, zone);
    }

    @Override
    public Instant instant() {
        return testClock.now();
    }
}
