package com.paywire.api.collections;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param promptWindow  how long a payer has to answer a phone prompt
 * @param publicBaseUrl where payers reach the hosted payment-link pages
 */
@ConfigurationProperties("paywire.collections")
public record CollectionsProperties(Duration promptWindow, String publicBaseUrl) {
}
