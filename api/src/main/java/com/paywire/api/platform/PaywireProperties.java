package com.paywire.api.platform;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The API's own settings (see paywire-api.yml for the defaults and the environment variables behind them).
 *
 * @param appDomainName the deployment's environment name, echoed in acceptance messages and error bodies
 */
@Validated
@ConfigurationProperties("paywire")
public record PaywireProperties(@NotBlank String appDomainName, @NotNull @Valid Security security,
                                @NotNull @Valid Sandbox sandbox, @NotNull @Valid Cards cards,
                                @NotNull Operator operator) {

    /**
     * @param tokenSigningKey         base64 HMAC-SHA256 key (at least 32 bytes) that signs access tokens; shared by all
     *                                API replicas
     * @param tokenSigningPreviousKey during a rotation, the key used before: what it signed is still accepted; blank
     *                                otherwise
     */
    public record Security(@NotBlank String tokenSigningKey, String tokenSigningPreviousKey) {
    }

    /** The client seeded at start so that a fresh sandbox can be used at once. */
    public record Sandbox(boolean enabled, @NotBlank String clientId, @NotBlank String clientSecret,
                          @NotBlank String callbackSecret, @NotBlank String name, @NotBlank String shortCode,
                          @NotBlank String accountPrefix, @NotNull @PositiveOrZero java.math.BigDecimal openingFloat) {
    }

    /**
     * The operator client, which holds the admin scope alone (docs/security.md#operators): seeded at start when both
     * are set, which the local profile does; outside it, nothing is seeded unless the deployment sets both.
     */
    public record Operator(String clientId, String clientSecret) {

        public Operator {
            if (isBlank(clientId) != isBlank(clientSecret)) {
                throw new IllegalArgumentException(
                        "set both PAYWIRE_OPERATOR_CLIENT_ID and PAYWIRE_OPERATOR_CLIENT_SECRET, or neither");
            }
        }

        public boolean configured() {
            return !isBlank(clientId);
        }

        private static boolean isBlank(String value) {
            return value == null || value.isBlank();
        }
    }

    /**
     * @param gateway  the fixed path segment of card operations
     * @param basePath {@code /apps/graph/api/v1/{gateway}}, derived in paywire-api.yml so request mappings can use it
     */
    public record Cards(@NotBlank String gateway, @NotBlank String basePath) {
    }
}
