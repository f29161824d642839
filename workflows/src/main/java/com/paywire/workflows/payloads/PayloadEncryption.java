package com.paywire.workflows.payloads;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.temporal.api.common.v1.Payload;
import io.temporal.payload.codec.PayloadCodec;
import io.temporal.payload.codec.PayloadCodecException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Encrypts every payload Paywire hands to Temporal (workflow and activity inputs and results, signals, updates,
 * memos, failures' details) with AES-256-GCM, so that phone numbers, names and amounts are not readable by whoever
 * can read Temporal's histories. Each payload is encrypted whole (its metadata and data) under a fresh 96-bit
 * nonce; the encrypted payload says {@code encoding: binary/encrypted} and which key it needs, and that key id is
 * authenticated with it. Payloads are encrypted with the active key and decrypted with whichever configured key
 * they name; a payload without the marker (recorded before encryption) is read as it is.
 */
public final class PayloadEncryption implements PayloadCodec {

    /** The encoding an encrypted payload declares, as Temporal's samples and UI know it. */
    public static final String ENCODING = "binary/encrypted";
    public static final String METADATA_ENCODING = "encoding";
    public static final String METADATA_KEY_ID = "encryption-key-id";

    private static final ByteString ENCODING_BYTES = ByteString.copyFromUtf8(ENCODING);
    private static final String CIPHER = "AES/GCM/NoPadding";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();
    /**
     * A cipher per thread, initialised afresh (key, nonce) for each payload: looking the algorithm up among the
     * providers cost as much as the encryption itself.
     */
    private static final ThreadLocal<Cipher> CIPHERS = ThreadLocal.withInitial(() -> {
        try {
            return Cipher.getInstance(CIPHER);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is part of every JDK", e);
        }
    });

    private final PayloadKeys keys;

    public PayloadEncryption(PayloadKeys keys) {
        this.keys = keys;
    }

    @Override
    public List<Payload> encode(List<Payload> payloads) {
        return payloads.stream().map(this::encrypt).toList();
    }

    @Override
    public List<Payload> decode(List<Payload> payloads) {
        return payloads.stream().map(this::decrypt).toList();
    }

    private Payload encrypt(Payload payload) {
        String keyId = keys.activeKeyId();
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        byte[] sealed = crypt(Cipher.ENCRYPT_MODE, keys.active(), keyId, nonce, payload.toByteArray());
        return Payload.newBuilder()
                .putMetadata(METADATA_ENCODING, ENCODING_BYTES)
                .putMetadata(METADATA_KEY_ID, ByteString.copyFromUtf8(keyId))
                .setData(ByteString.copyFrom(nonce).concat(ByteString.copyFrom(sealed)))
                .build();
    }

    private Payload decrypt(Payload payload) {
        if (!ENCODING_BYTES.equals(payload.getMetadataMap().get(METADATA_ENCODING))) {
            return payload; // never encrypted: recorded before encryption, or by a process without it
        }
        ByteString keyIdBytes = payload.getMetadataMap().get(METADATA_KEY_ID);
        String keyId = keyIdBytes == null ? null : keyIdBytes.toStringUtf8();
        SecretKey key = keyId == null ? null : keys.keys().get(keyId);
        if (key == null) {
            throw new PayloadCodecException("A payload is encrypted with the key '" + keyId
                    + "', which is not among the configured payload keys " + keys.keys().keySet()
                    + ": configure it in paywire.temporal.payload-keys (PAYWIRE_PAYLOAD_KEYS)");
        }
        byte[] data = payload.getData().toByteArray();
        if (data.length <= NONCE_BYTES) {
            throw new PayloadCodecException("An encrypted payload under the key '" + keyId + "' is truncated");
        }
        byte[] nonce = Arrays.copyOf(data, NONCE_BYTES);
        byte[] sealed = Arrays.copyOfRange(data, NONCE_BYTES, data.length);
        try {
            return Payload.parseFrom(crypt(Cipher.DECRYPT_MODE, key, keyId, nonce, sealed));
        } catch (InvalidProtocolBufferException garbled) {
            throw new PayloadCodecException("A payload decrypted under the key '" + keyId + "' is not a payload",
                    garbled);
        }
    }

    /** The key id is authenticated data: a payload cannot be passed off as encrypted under another key. */
    private static byte[] crypt(int mode, SecretKey key, String keyId, byte[] nonce, byte[] input) {
        try {
            Cipher cipher = CIPHERS.get();
            cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(keyId.getBytes(StandardCharsets.UTF_8));
            return cipher.doFinal(input);
        } catch (AEADBadTagException tampered) {
            throw new PayloadCodecException("A payload encrypted under the key '" + keyId
                    + "' does not decrypt: it was altered, or the key is not the one it was encrypted with", tampered);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is part of every JDK", e);
        }
    }
}
