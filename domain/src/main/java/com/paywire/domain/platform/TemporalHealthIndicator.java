package com.paywire.domain.platform;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Temporal's part of /actuator/health in both roles (PostgreSQL's is Spring Boot's own). Each role's yml says
 * whether it counts for readiness: the worker's, which cannot poll without it; not the API's, whose callbacks and
 * status queries do not need Temporal.
 */
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
