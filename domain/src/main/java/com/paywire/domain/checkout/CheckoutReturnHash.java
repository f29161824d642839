package com.paywire.domain.checkout;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code hash} on the checkoutReturnUrl, by which the merchant knows the form the payer's browser POSTs came
 * from Paywire: the lowercase hex HMAC-SHA256, keyed with the client's callback secret, of every form field as
 * {@code name=value}, sorted by name (Java's String order: by UTF-16 code unit), joined with {@code &}. Values
 * are as the form carries them after decoding (not URL-encoded); an empty field counts as {@code name=}.
 */
public final class CheckoutReturnHash {

    private static final String ALGORITHM = "HmacSHA256";

    private CheckoutReturnHash() {
    }

    /** What the hash is computed over. */
    public static String canonical(Map<String, String> fields) {
        return new TreeMap<>(fields).entrySet().stream()
                .map(field -> field.getKey() + "=" + (field.getValue() == null ? "" : field.getValue()))
                .collect(Collectors.joining("&"));
    }

    public static String sign(Map<String, String> fields, String secret) {
        byte[] key = secret.getBytes(StandardCharsets.UTF_8);
        try {
            Mac hmac = Mac.getInstance(ALGORITHM);
            hmac.init(new SecretKeySpec(key, ALGORITHM));
            byte[] digest = hmac.doFinal(canonical(fields).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (GeneralSecurityException missing) {
            throw new IllegalStateException(ALGORITHM + " is part of every JDK", missing);
        }
    }

    /** Whether {@code hash} (any letter case) is the hash of these fields; compared in constant time. */
    public static boolean verify(Map<String, String> fields, String secret, String hash) {
        if (hash == null) {
            return false;
        }
        return MessageDigest.isEqual(sign(fields, secret).getBytes(StandardCharsets.US_ASCII),
                hash.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII));
    }
}
