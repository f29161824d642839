package com.paywire.api.support;

import com.paywire.domain.platform.WallClock;
import java.time.Clock;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

@TestConfiguration(proxyBeanMethods = false)
public class ApiTestConfiguration {

    @Bean
    @Primary
    MutableClock mutableClock() {
        return new MutableClock();
    }

    /** Tokens and lockouts run on the same clock the test moves, so that tests can let a token expire. */
    @Bean(defaultCandidate = false)
    @WallClock
    @Primary
    Clock mutableWallClock(MutableClock clock) {
        return clock;
    }
}
