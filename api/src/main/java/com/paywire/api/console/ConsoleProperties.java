package com.paywire.api.console;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * How long a console session lasts (paywire-api.yml, docs/console.md).
 *
 * @param idleTimeout a session with no request for this long is ended
 * @param lifetime    a session is ended this long after sign-in, however busy
 */
@Validated
@ConfigurationProperties("paywire.console")
public record ConsoleProperties(@NotNull Duration idleTimeout, @NotNull Duration lifetime) {
}
