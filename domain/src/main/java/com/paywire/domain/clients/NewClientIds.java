package com.paywire.domain.clients;

import java.security.SecureRandom;
import java.text.Normalizer;
import java.util.Base64;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * The id and secret of a client created through the admin API. The id reads as the client's name, a slug of it,
 * with a random suffix so that two shops of one name differ ({@code my-shop-k3x9q2}); it holds neither ':' nor
 * '|' (see ApiClientStore). The secret is 256 random bits in base64url, which needs no escaping in a form, a URL or
 * a shell.
 */
final class NewClientIds {

    /** Letters and digits of the suffix: lower case, as the slug. */
    private static final String SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
    static final int SUFFIX_LENGTH = 6;
    /** The slug's longest; the id is at most this, a dash and the suffix. */
    static final int SLUG_MAX_LENGTH = 40;
    private static final int SECRET_BYTES = 32;

    private final RandomGenerator random;

    NewClientIds(RandomGenerator random) {
        this.random = random;
    }

    NewClientIds() {
        this(new SecureRandom());
    }

    /** {@code slug(name)-xxxxxx} */
    String idFor(String name) {
        StringBuilder suffix = new StringBuilder(SUFFIX_LENGTH);
        for (int i = 0; i < SUFFIX_LENGTH; i++) {
            suffix.append(SUFFIX_ALPHABET.charAt(random.nextInt(SUFFIX_ALPHABET.length())));
        }
        return slug(name) + "-" + suffix;
    }

    String secret() {
        byte[] bytes = new byte[SECRET_BYTES];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Lower-case ASCII letters and digits, runs of anything else one dash, accents dropped; "client" when none is left. */
    static String slug(String name) {
        String plain = Normalizer.normalize(name, Normalizer.Form.NFKD).replaceAll("\\p{M}+", "")
                .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        if (plain.length() > SLUG_MAX_LENGTH) {
            plain = plain.substring(0, SLUG_MAX_LENGTH).replaceAll("-+$", "");
        }
        return plain.isEmpty() ? "client" : plain;
    }
}
