package com.paywire.activities.rails;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Where the rails are and how long to wait for them.
 *
 * @param mobileMoneyBaseUrl the mobile-money rail (B2C payouts, status queries, wallet holder lookups)
 * @param bankBaseUrl        the bank rail (transfers, account holder lookups)
 * @param cardProcessorBaseUrl the card processor (authorise, capture, void, refund)
 * @param identityRegistryBaseUrl the national identity registry (KYC)
 * @param airtimeBaseUrl     the networks' airtime rail (top-ups)
 * @param billerBaseUrl      the biller aggregator (bill payments)
 * @param callbackBaseUrl    Paywire's own public base URL, which rails call back on ({@code /rails/...})
 * @param connectTimeout     how long to wait for a connection
 * @param readTimeout        how long to wait for an answer; a rail slower than this is retried
 */
@Validated
@ConfigurationProperties("paywire.rails")
public record RailsProperties(@NotBlank String mobileMoneyBaseUrl, @NotBlank String bankBaseUrl,
                              @NotBlank String cardProcessorBaseUrl, @NotBlank String identityRegistryBaseUrl,
                              @NotBlank String airtimeBaseUrl,
                              @NotBlank String billerBaseUrl,
                              @NotBlank String callbackBaseUrl,
                              @NotNull Duration connectTimeout, @NotNull Duration readTimeout) {
}
