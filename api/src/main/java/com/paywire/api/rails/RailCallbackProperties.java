package com.paywire.api.rails;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The shared secret each rail presents when it calls back. */
@ConfigurationProperties("paywire.rails.callback")
public record RailCallbackProperties(String mobileMoneySecret, String bankSecret) {
}
