package com.paywire.activities;

import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.UnavailableException;
import com.paywire.domain.rails.RailMessageException;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.workflows.FailureType;
import java.time.DateTimeException;
import java.util.function.Supplier;

/**
 * Runs an activity's work and reports what went wrong by its {@link FailureType}: a rail that is away or speaks
 * nonsense (also when a domain service that asks it says so, {@link UnavailableException}) is retried; a broken invariant or a value that cannot be read fails at once, visibly. Anything else
 * (a lost connection to the database, a crash) stays what it was, and is retried.
 */
public final class ActivityFailures {

    private ActivityFailures() {
    }

    public static <T> T reported(Supplier<T> work) {
        try {
            return work.get();
        } catch (RailUnavailableException | RailMessageException | UnavailableException e) {
            throw FailureType.RAIL_UNAVAILABLE.failure(e.getMessage(), e);
        } catch (InvariantViolationException e) {
            throw FailureType.INVARIANT_VIOLATED.failure(e.getMessage(), e);
        } catch (IllegalArgumentException | DateTimeException e) {
            throw FailureType.BAD_DATA.failure(e.getMessage(), e);
        }
    }

    public static void reported(Runnable work) {
        reported(() -> {
            work.run();
            return null;
        });
    }
}
