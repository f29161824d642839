package com.paywire.domain.airtime;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param railWindow how long a recipient's network may be away (retried with backoff) before its status query
 *                   decides the top-up; with no answer there either, the funds stay held (pending confirmation)
 */
@Validated
@ConfigurationProperties("paywire.airtime")
public record AirtimeProperties(@NotNull Duration railWindow) {
}
