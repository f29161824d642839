package com.paywire.domain.notifications;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code Paywire-Signature} header: {@code t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">},
 * keyed with the endpoint's SigningSecret (webhooks) or the client's callback secret (callbacks).
 */
public final class PaywireSignature {

    public static final String HEADER = "Paywire-Signature";

    private PaywireSignature() {
    }

    public static String header(long unixSeconds, String rawBody, String secret) {
        return "t=" + unixSeconds + ",v1=" + hmacHex(unixSeconds + "." + rawBody, secret);
    }

    private static String hmacHex(String payload, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
