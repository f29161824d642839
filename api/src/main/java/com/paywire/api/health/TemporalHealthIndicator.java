package com.paywire.api.health;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/** Temporal's part of /actuator/health (PostgreSQL's is Spring Boot's own). */
@Component("temporal")
class TemporalHealthIndicator implements HealthIndicator {

    private final PlatformProbes probes;

    TemporalHealthIndicator(PlatformProbes probes) {
        this.probes = probes;
    }

    @Override
    public Health health() {
        return probes.temporalAnswers() ? Health.up().build() : Health.down().build();
    }
}
