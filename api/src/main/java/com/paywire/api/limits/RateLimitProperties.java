package com.paywire.api.limits;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How many requests a client may make (paywire-api.yml, {@code paywire.rate-limits}; docs/security.md#rate-limits).
 *
 * @param enabled false: nothing is limited and no rate-limit header is sent (for measuring what the limiter costs)
 * @param clients per client id, limits that replace the defaults for that client (any of the three)
 */
@Validated
@ConfigurationProperties("paywire.rate-limits")
public record RateLimitProperties(@DefaultValue("true") boolean enabled, @NotNull @Valid Limit writes,
                                  @NotNull @Valid Limit statusQueries, @NotNull @Valid Limit tokens,
                                  Map<String, @Valid ClientLimits> clients) {

    public RateLimitProperties {
        clients = clients == null ? Map.of() : Map.copyOf(clients);
    }

    /**
     * A token bucket: a client starts with {@code requests} and gets them back evenly over {@code per}, so it may
     * send them in one burst and then at {@code requests / per}; {@code per} is a minute unless set.
     */
    public record Limit(@Positive long requests, @DefaultValue("1m") Duration per) {

        /** "per minute", "per 10 seconds": the period as a person says it. */
        public String perInWords() {
            if (per.equals(Duration.ofSeconds(1))) {
                return "per second";
            }
            if (per.equals(Duration.ofMinutes(1))) {
                return "per minute";
            }
            if (per.equals(Duration.ofHours(1))) {
                return "per hour";
            }
            return per.toMillis() % 1000 == 0 ? "per " + per.toSeconds() + " seconds" : "per " + per.toMillis() + " ms";
        }
    }

    /** One client's own limits; an absent one is the default. */
    public record ClientLimits(@Valid Limit writes, @Valid Limit statusQueries, @Valid Limit tokens) {
    }

    /** This client's limit for this class of operation. */
    Limit limitFor(String clientId, OperationClass operationClass) {
        ClientLimits own = clients.get(clientId);
        Limit limit = switch (operationClass) {
            case WRITE -> own == null ? null : own.writes();
            case STATUS_QUERY -> own == null ? null : own.statusQueries();
            case TOKEN -> own == null ? null : own.tokens();
        };
        if (limit != null) {
            return limit;
        }
        return switch (operationClass) {
            case WRITE -> writes;
            case STATUS_QUERY -> statusQueries;
            case TOKEN -> tokens;
        };
    }
}
