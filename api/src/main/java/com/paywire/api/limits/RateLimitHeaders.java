package com.paywire.api.limits;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;

/** The headers the live API sends with every answer to a client, and Retry-After on a refusal. */
public final class RateLimitHeaders {

    public static final String LIMIT = "x-rate-limit-limit";
    public static final String REMAINING = "x-rate-limit-remaining";
    public static final String RESET = "x-rate-limit-reset";

    private RateLimitHeaders() {
    }

    public static void addTo(HttpServletResponse response, RateLimits.Decision decision) {
        response.setHeader(LIMIT, Long.toString(decision.limit().requests()));
        response.setHeader(REMAINING, Long.toString(decision.remaining()));
        response.setHeader(RESET, Long.toString(decision.resetSeconds()));
        if (!decision.allowed()) {
            response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(decision.retryAfterSeconds()));
        }
    }

    public static void addTo(HttpHeaders headers, RateLimits.Decision decision) {
        headers.set(LIMIT, Long.toString(decision.limit().requests()));
        headers.set(REMAINING, Long.toString(decision.remaining()));
        headers.set(RESET, Long.toString(decision.resetSeconds()));
        if (!decision.allowed()) {
            headers.set(HttpHeaders.RETRY_AFTER, Long.toString(decision.retryAfterSeconds()));
        }
    }
}
