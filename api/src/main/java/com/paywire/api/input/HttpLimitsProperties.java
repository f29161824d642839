package com.paywire.api.input;

import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * @param maxBodySize the largest request body accepted (JSON or form); a larger one is answered 413 before any
 *                    operation sees it
 */
@Validated
@ConfigurationProperties("paywire.http")
public record HttpLimitsProperties(@NotNull DataSize maxBodySize) {

    String tooLargeReason() {
        return "The request body is larger than the limit of " + maxBodySize.toBytes() + " bytes";
    }
}
