package com.paywire.domain.airtime;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param railWindow how long a recipient's network may be away (retried with backoff) before that top-up fails
 *                   with result code 16 and its funds are released
 */
@Validated
@ConfigurationProperties("paywire.airtime")
public record AirtimeProperties(@NotNull Duration railWindow) {
}
