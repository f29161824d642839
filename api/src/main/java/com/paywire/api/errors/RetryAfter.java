package com.paywire.api.errors;

import java.time.Duration;

/** The value of a Retry-After header: whole seconds, rounded up so that a client retrying then is not early. */
public final class RetryAfter {

    private RetryAfter() {
    }

    public static long seconds(Duration wait) {
        return Math.max(1, (wait.toMillis() + 999) / 1000);
    }
}
