package com.paywire.api.rails;

import jakarta.validation.constraints.NotBlank;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/** The shared secret each rail presents when it calls back. */
@Validated
@ConfigurationProperties("paywire.rails.callback")
public record RailCallbackProperties(@NotBlank String mobileMoneySecret, @NotBlank String bankSecret,
                                     @NotBlank String cardProcessorSecret) {
}
