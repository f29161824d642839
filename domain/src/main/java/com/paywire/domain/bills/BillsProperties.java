package com.paywire.domain.bills;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param payWindow     how long the biller may be away when asked to pay (or validate) before the payment fails,
 *                      with nothing paid
 * @param confirmWindow how long a payment the biller took, or may have taken, may stay unconfirmed before it shows
 *                      as pending confirmation (code 14), its funds still held while the biller is asked a day more
 */
@Validated
@ConfigurationProperties("paywire.bills")
public record BillsProperties(@NotNull Duration payWindow, @NotNull Duration confirmWindow) {
}
