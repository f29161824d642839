package com.paywire.domain.collections;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param promptWindow  how long a payer has to answer a phone prompt
 * @param publicBaseUrl where payers reach the hosted payment-link pages
 */
@Validated
@ConfigurationProperties("paywire.collections")
public record CollectionsProperties(@NotNull Duration promptWindow, String publicBaseUrl) {
}
