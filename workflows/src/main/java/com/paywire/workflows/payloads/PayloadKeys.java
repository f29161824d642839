package com.paywire.workflows.payloads;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The AES-256 keys that encrypt payloads in Temporal's histories, by key id, and the one new payloads are
 * encrypted with. A key stays configured for as long as histories encrypted with it may still be read: rotating
 * adds a key and makes it active, and the old one goes only when no running workflow or kept history needs it.
 *
 * @param activeKeyId the key id new payloads are encrypted with
 * @param keys        every key a payload may have been encrypted with, by id
 */
public record PayloadKeys(String activeKeyId, Map<String, SecretKey> keys) {

    /** Letters, digits, dots, dashes and underscores: a key id is written into every payload's metadata. */
    private static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final int KEY_BYTES = 32;

    public PayloadKeys {
        if (!keys.containsKey(activeKeyId)) {
            throw new IllegalArgumentException("The active payload key '" + activeKeyId
                    + "' is not among the configured payload keys " + keys.keySet());
        }
        keys = Map.copyOf(keys);
    }

    /**
     * Reads keys written as {@code id=base64key} pairs separated by commas, as in {@code paywire.temporal.payload-keys}.
     *
     * @throws IllegalArgumentException naming what is wrong, never a key's value
     */
    public static PayloadKeys parse(String activeKeyId, String idsAndKeys) {
        Map<String, SecretKey> keys = new LinkedHashMap<>();
        for (String pair : idsAndKeys.split(",")) {
            String trimmed = pair.trim();
            int equals = trimmed.indexOf('=');
            // a key written alone ends with base64's '=': refused without quoting it
            if (equals < 1 || trimmed.substring(equals + 1).isBlank()) {
                throw new IllegalArgumentException("A payload key must be written id=base64key");
            }
            String id = trimmed.substring(0, equals).trim();
            if (!KEY_ID.matcher(id).matches()) {
                throw new IllegalArgumentException("The payload key id '" + id
                        + "' must be 1 to 64 letters, digits, dots, dashes or underscores");
            }
            if (keys.put(id, key(id, trimmed.substring(equals + 1).trim())) != null) {
                throw new IllegalArgumentException("The payload key id '" + id + "' is configured twice");
            }
        }
        return new PayloadKeys(activeKeyId, keys);
    }

    private static SecretKey key(String id, String base64) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException notBase64) {
            throw new IllegalArgumentException("The payload key '" + id + "' is not base64");
        }
        if (bytes.length != KEY_BYTES) {
            throw new IllegalArgumentException("The payload key '" + id + "' must be 32 bytes (AES-256), base64: "
                    + "openssl rand -base64 32");
        }
        return new SecretKeySpec(bytes, "AES");
    }

    SecretKey active() {
        return keys.get(activeKeyId);
    }

    @Override
    public String toString() {
        return "PayloadKeys[active=" + activeKeyId + ", ids=" + keys.keySet() + "]"; // never the keys themselves
    }
}
