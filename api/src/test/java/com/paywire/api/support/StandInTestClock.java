package com.paywire.api.support;

import com.paywire.domain.platform.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * A test clock for API tests, where no dev service runs: the wall clock plus what was asked for, remembering each
 * advance. The local stack's own clock, the dev service's, is driven end to end by infra's TestClockSystemTest.
 * Import {@link Configuration} with {@link TestClock#ENABLED} set.
 */
public final class StandInTestClock implements TestClock {

    public final List<Duration> advances = new CopyOnWriteArrayList<>();
    private volatile Duration ahead = Duration.ZERO;

    @TestConfiguration(proxyBeanMethods = false)
    public static class Configuration {

        @Bean
        StandInTestClock testClock() {
            return new StandInTestClock();
        }
    }

    @Override
    public Instant now() {
        return Instant.now().plus(ahead);
    }

    @Override
    public synchronized Instant advance(Duration by) {
        advances.add(by);
        ahead = ahead.plus(by);
        return now();
    }

    @Override
    public Duration advancedBy() {
        return ahead;
    }
}
