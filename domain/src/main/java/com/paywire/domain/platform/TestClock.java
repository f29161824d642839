package com.paywire.domain.platform;

import com.paywire.domain.InvalidInputException;
import com.paywire.persistence.deployment.DeploymentSettings;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

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

    /** The longest advance one call may ask for: each timer due meanwhile fires, and the call waits for them all. */
    Duration MAX_ADVANCE = Duration.ofDays(30);

    /**
     * How far a client asks to move the clock.
     *
     * @param by an ISO-8601 duration: PT2M, PT3H, P1D
     * @throws InvalidInputException on the field {@code by} when it is missing, unreadable, not positive or longer
     *                               than {@link #MAX_ADVANCE}
     */
    static Duration advanceOf(String by) {
        FieldRules rules = new FieldRules();
        String text = rules.text("by", by, true, 40);
        Duration advance = null;
        if (text != null && !rules.has("by")) {
            try {
                advance = Duration.parse(text);
            } catch (DateTimeParseException unreadable) {
                rules.add("by", "The field by must be an ISO-8601 duration such as PT2M, PT3H or P1D.");
            }
        }
        if (advance != null && (advance.isNegative() || advance.isZero())) {
            rules.add("by", "The field by must be positive: the test clock only moves forward.");
        } else if (advance != null && advance.compareTo(MAX_ADVANCE) > 0) {
            rules.add("by", "The field by must be at most P" + MAX_ADVANCE.toDays() + "D.");
        }
        rules.refuseIfAny(null);
        return advance;
    }

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
