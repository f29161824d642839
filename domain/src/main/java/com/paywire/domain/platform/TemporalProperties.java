package com.paywire.domain.platform;

import com.paywire.workflows.TemporalSecurity;
import io.temporal.serviceclient.GrpcCompression;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Where every role finds Temporal: one key per setting for the API and the worker alike.
 *
 * @param address           host:port of the Temporal frontend ({@code TEMPORAL_ADDRESS})
 * @param namespace         the Temporal namespace ({@code TEMPORAL_NAMESPACE})
 * @param callRetryBudget   how long a call to an absent Temporal is retried before the caller gets the failure;
 *                          unset, the SDK's default (a minute). The API sets it short: it answers clients, and
 *                          falls back (the outbox starts the workflow later).
 * @param payloadKeyId      the id of the key every new payload is encrypted with ({@code PAYWIRE_PAYLOAD_KEY_ID})
 * @param payloadKeys       every key a payload in a history may be encrypted with, {@code id=base64key} pairs
 *                          separated by commas ({@code PAYWIRE_PAYLOAD_KEYS}); the same on the API and the workers
 * @param tls               TLS on the connection (the {@code TEMPORAL_TLS_*} variables); unset, in clear
 * @param apiKey            a Temporal Cloud API key ({@code TEMPORAL_API_KEY}); blank for none
 * @param grpcCompression   {@code gzip} or {@code none} ({@code TEMPORAL_GRPC_COMPRESSION}); blank is none: gzip
 *                          pays for itself only over a slow network (Temporal Cloud from another region)
 */
@Validated
@ConfigurationProperties("paywire.temporal")
public record TemporalProperties(@NotBlank String address, @NotBlank String namespace, Duration callRetryBudget,
                                 @NotBlank String payloadKeyId, @NotBlank String payloadKeys, Tls tls, String apiKey,
                                 @Pattern(regexp = "(?i)|gzip|none", message = "must be gzip, none or blank")
                                 String grpcCompression) {

    /**
     * @param enabled      TLS on the connection
     * @param serverCaCert path of a PEM bundle of the CAs that sign Temporal's certificate; blank: the JVM's trust store
     * @param clientCert   path of the PEM certificate chain presented for mutual TLS; blank for none
     * @param clientKey    path of its PEM (PKCS#8) private key
     * @param serverName   the name Temporal's certificate must carry, when not the address's host
     */
    public record Tls(boolean enabled, String serverCaCert, String clientCert, String clientKey, String serverName) {
    }

    /** The settings as the connection takes them: blank is unset. */
    public TemporalSecurity security() {
        if (tls == null) {
            return new TemporalSecurity(false, null, null, null, null, orNull(apiKey));
        }
        return new TemporalSecurity(tls.enabled(), path(tls.serverCaCert()), path(tls.clientCert()),
                path(tls.clientKey()), orNull(tls.serverName()), orNull(apiKey));
    }

    public GrpcCompression compression() {
        return "gzip".equalsIgnoreCase(grpcCompression == null ? "" : grpcCompression.strip())
                ? GrpcCompression.GZIP : GrpcCompression.NONE;
    }

    private static Path path(String value) {
        return value == null || value.isBlank() ? null : Path.of(value.strip());
    }

    private static String orNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
