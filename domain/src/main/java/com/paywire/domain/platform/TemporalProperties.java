package com.paywire.domain.platform;

import jakarta.validation.constraints.NotBlank;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Where every role finds Temporal: one key per setting for the API and the worker alike.
 *
 * @param address           host:port of the Temporal frontend ({@code TEMPORAL_ADDRESS})
 * @param namespace         the Temporal namespace ({@code TEMPORAL_NAMESPACE})
 * @param callRetryBudget   how long a call to an absent Temporal is retried before the caller gets the failure;
 *                          unset, the SDK's default (a minute). The API sets it short: it answers clients, and
 *                          falls back (the outbox starts the workflow later).
 */
@Validated
@ConfigurationProperties("paywire.temporal")
public record TemporalProperties(@NotBlank String address, @NotBlank String namespace, Duration callRetryBudget) {
}
