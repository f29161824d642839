package com.paywire.activities.rails;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the rails are and how long to wait for them.
 *
 * @param mobileMoneyBaseUrl the mobile-money rail (B2C payouts, status queries)
 * @param bankBaseUrl        the bank-transfer rail
 * @param cardProcessorBaseUrl the card processor (authorise, capture, void, refund)
 * @param callbackBaseUrl    Paywire's own public base URL, which rails call back on ({@code /rails/...})
 * @param connectTimeout     how long to wait for a connection
 * @param readTimeout        how long to wait for an answer; a rail slower than this is retried
 */
@ConfigurationProperties("paywire.rails")
public record RailsProperties(String mobileMoneyBaseUrl, String bankBaseUrl, String cardProcessorBaseUrl,
                              String callbackBaseUrl,
                              Duration connectTimeout, Duration readTimeout) {
}
