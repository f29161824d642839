package com.paywire.domain.kyc;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param registryWindow how long the identity registry may be away (retried with backoff) before a request fails
 *                       with response code 91
 * @param retention      how long a request's personal data is kept once it is answered; then it is erased
 */
@Validated
@ConfigurationProperties("paywire.kyc")
public record KycProperties(@NotNull Duration registryWindow, @NotNull Duration retention) {
}
