package com.paywire.api.support;

import com.paywire.domain.platform.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The time of a test clock for API tests, where no dev service runs: the wall clock plus what was asked for,
 * remembering each advance, which a test may hold back as work in flight holds the dev service's. The local stack's
 * own, the dev service's, is driven end to end by infra's TestClockSystemTest. Import {@link Configuration} with
 * {@link TestClock#ENABLED} set: it provides this and the test clock over it.
 */
public final class StandInTestClock implements TestClock.Source {

    public final List<Duration> advances = new CopyOnWriteArrayList<>();
    private volatile Duration ahead = Duration.ZERO;
    private volatile CountDownLatch held;

    @TestConfiguration(proxyBeanMethods = false)
    public static class Configuration {

        @Bean
        StandInTestClock standInTestClock() {
            return new StandInTestClock();
        }

        @Bean
        TestClock testClock(StandInTestClock time) {
            return new TestClock(time);
        }
    }

    /** Advances from now on wait, once asked for, until {@link #release()}. */
    public void hold() {
        held = new CountDownLatch(1);
    }

    /** Lets the advance held back get there, and those after it go at once. */
    public void release() {
        CountDownLatch waiting = held;
        held = null;
        if (waiting != null) {
            waiting.countDown();
        }
    }

    /** Waits, 5 s at most, until the clock has no advance under way, so that the next test may start one. */
    public static void awaitNoAdvance(TestClock clock) {
        Instant giveUp = Instant.now().plusSeconds(5);
        while (clock.underWay().isPresent() && Instant.now().isBefore(giveUp)) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public Instant now() {
        return Instant.now().plus(ahead);
    }

    @Override
    public void advance(Duration by) {
        advances.add(by);
        CountDownLatch waiting = held;
        if (waiting != null) {
            try {
                waiting.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while held", e);
            }
        }
        ahead = ahead.plus(by);
    }

    @Override
    public Duration advancedBy() {
        return ahead;
    }
}
