package com.paywire.persistence.secrets;

import com.paywire.vocabulary.secrets.MalformedKey;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Encrypts what Paywire must be able to read again but never keep in clear (webhook signing secrets, client
 * callback secrets, personal data through {@link PersonalDataSeal}) with AES-256-GCM under
 * {@code paywire.secrets.encryption-key}. Stored form: base64(iv || ciphertext+tag), the same under every key.
 *
 * <p>During a rotation the keys used before stay in {@code paywire.secrets.previous-encryption-keys}: a value is
 * decrypted with the current key, else with each previous one in turn (GCM's tag tells whether a key fits), and
 * {@link #rewrapped} moves a value to the current key, so that {@link SecretsRewrap} can empty the old ones.
 */
@Component
public class SecretCipher {

    static final String KEY_VARIABLE = "PAYWIRE_SECRETS_KEY";
    static final String PREVIOUS_KEYS_VARIABLE = "PAYWIRE_SECRETS_PREVIOUS_KEYS";

    private static final int KEY_BYTES = 32;
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;
    /** Decrypt only: what was encrypted before the current key. */
    private final List<SecretKeySpec> previousKeys;

    /**
     * @param previousBase64Keys comma-separated, blank for none
     * @throws MalformedKey naming the variable of a key that is not 32 bytes of base64
     */
    public SecretCipher(@Value("${paywire.secrets.encryption-key}") String base64Key,
                        @Value("${paywire.secrets.previous-encryption-keys:}") String previousBase64Keys) {
        this.key = aesKey(MalformedKey.decode(KEY_VARIABLE, 0, base64Key, KEY_BYTES, true));
        List<String> previous = Arrays.stream(previousBase64Keys.split(",")).map(String::strip)
                .filter(k -> !k.isEmpty()).toList();
        List<SecretKeySpec> keys = new ArrayList<>();
        for (int i = 0; i < previous.size(); i++) {
            keys.add(aesKey(MalformedKey.decode(PREVIOUS_KEYS_VARIABLE, i + 1, previous.get(i), KEY_BYTES, true)));
        }
        this.previousKeys = List.copyOf(keys);
    }

    public String encrypt(String secret) {
        byte[] iv = new byte[IV_BYTES];
        RANDOM.nextBytes(iv);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
            byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(ByteBuffer.allocate(iv.length + sealed.length).put(iv).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is part of every JDK", e);
        }
    }

    /** @throws Unreadable when neither the current key nor any previous one opens it */
    public String decrypt(String stored) {
        byte[] all = bytes(stored);
        Optional<String> opened = open(key, all);
        for (int i = 0; opened.isEmpty() && i < previousKeys.size(); i++) {
            opened = open(previousKeys.get(i), all);
        }
        return opened.orElseThrow(Unreadable::new);
    }

    /**
     * @return the value encrypted under the current key, or empty when it already is
     * @throws Unreadable when no configured key opens it
     */
    public Optional<String> rewrapped(String stored) {
        byte[] all = bytes(stored);
        if (open(key, all).isPresent()) {
            return Optional.empty();
        }
        for (SecretKeySpec previous : previousKeys) {
            Optional<String> opened = open(previous, all);
            if (opened.isPresent()) {
                return Optional.of(encrypt(opened.get()));
            }
        }
        throw new Unreadable();
    }

    /** @return the plain text, or empty when this key is not the one it was encrypted with (or it was altered) */
    private static Optional<String> open(SecretKeySpec key, byte[] all) {
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, all, 0, IV_BYTES));
            return Optional.of(new String(cipher.doFinal(all, IV_BYTES, all.length - IV_BYTES), StandardCharsets.UTF_8));
        } catch (AEADBadTagException wrongKey) {
            return Optional.empty();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is part of every JDK", e);
        }
    }

    private static byte[] bytes(String stored) {
        byte[] all;
        try {
            all = Base64.getDecoder().decode(stored);
        } catch (IllegalArgumentException notBase64) {
            throw new Unreadable();
        }
        if (all.length < IV_BYTES + TAG_BITS / 8) {
            throw new Unreadable();
        }
        return all;
    }

    private static SecretKeySpec aesKey(byte[] bytes) {
        return new SecretKeySpec(bytes, "AES");
    }

    /** A stored value no configured key opens; the message names the keys tried, never the value. */
    public static class Unreadable extends IllegalStateException {

        Unreadable() {
            super("a stored secret does not decrypt under " + KEY_VARIABLE + " nor any of " + PREVIOUS_KEYS_VARIABLE
                    + ": it was encrypted under another key, or altered");
        }
    }
}
