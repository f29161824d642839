package com.paywire.domain.accountvalidation;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param lookupWindow how long an institution may be away (retried with backoff) before a validation fails with
 *                     result code 91
 * @param retention    how long the account number and holder's name are kept once answered; then they are erased
 */
@Validated
@ConfigurationProperties("paywire.account-validation")
public record AccountValidationProperties(@NotNull Duration lookupWindow, @NotNull Duration retention) {
}
