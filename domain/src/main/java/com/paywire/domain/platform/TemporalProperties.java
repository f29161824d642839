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
 * @param payloadKeyId      the id of the key every new payload is encrypted with ({@code PAYWIRE_PAYLOAD_KEY_ID})
 * @param payloadKeys       every key a payload in a history may be encrypted with, {@code id=base64key} pairs
 *                          separated by commas ({@code PAYWIRE_PAYLOAD_KEYS}); the same on the API and the workers
 */
@Validated
@ConfigurationProperties("paywire.temporal")
public record TemporalProperties(@NotBlank String address, @NotBlank String namespace, Duration callRetryBudget,
                                 @NotBlank String payloadKeyId, @NotBlank String payloadKeys) {
}
