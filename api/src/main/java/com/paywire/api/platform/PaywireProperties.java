package com.paywire.api.platform;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The API's own settings (see paywire-api.yml for the defaults and the environment variables behind them).
 *
 * @param appDomainName the deployment's environment name, echoed in acceptance messages and error bodies
 */
@ConfigurationProperties("paywire")
public record PaywireProperties(String appDomainName, Temporal temporal, Security security, Sandbox sandbox,
                                Cards cards) {

    public record Temporal(String address, String namespace) {
    }

    /** @param tokenSigningKey base64 HMAC-SHA256 key (at least 32 bytes) that signs access tokens; shared by all API replicas */
    public record Security(String tokenSigningKey) {
    }

    /** The client seeded at start so that a fresh sandbox can be used at once. */
    public record Sandbox(boolean enabled, String clientId, String clientSecret, String callbackSecret, String name,
                          String shortCode, String accountPrefix, java.math.BigDecimal openingFloat) {
    }

    /**
     * @param gateway  the fixed path segment of card operations
     * @param basePath {@code /apps/graph/api/v1/{gateway}}, derived in paywire-api.yml so request mappings can use it
     */
    public record Cards(String gateway, String basePath) {
    }

    /** How long a status probe may wait for PostgreSQL or Temporal before the platform counts as unhealthy. */
    public static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);
}
