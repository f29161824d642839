package com.paywire.domain.platform;

import com.paywire.persistence.deployment.DeploymentSettings;
import java.time.Duration;
import java.time.Instant;

/**
 * The local stack's test clock: Temporal's dev service's own time, which the platform's {@link java.time.Clock}
 * follows there, so that moving it forward fires workflows' timers and moves every "now" the platform decides by
 * (due dates, expiries, windows, sweeps) with them. One clock for the whole stack: every client's payments see it.
 * Only the local stack provides one (it starts the dev service), and only with {@link #ENABLED} set, which a role
 * refuses outside the local profile; elsewhere the platform's clock is the system's.
 */
public interface TestClock {

    /** Set by the local stack when it provides the test clock; a deployment that sets it refuses to start. */
    String ENABLED = DeploymentSettings.TEST_CLOCK_ENABLED;

    /** The platform's now. */
    Instant now();

    /**
     * Moves the platform's time forward by {@code by} and answers once it has got there: every timer due meanwhile
     * has fired. Time jumps only between the work a workflow does; while a workflow task or an activity is in flight
     * it runs as the wall clock does, so an advance lasts at least as long as the work it sets off. One at a time.
     *
     * @return the new now
     */
    Instant advance(Duration by);

    /** How far the platform's time is ahead of the wall clock: the advances less the real time they took. */
    Duration advancedBy();
}
