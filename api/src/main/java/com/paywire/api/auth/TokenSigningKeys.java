package com.paywire.api.auth;

import com.paywire.api.platform.PaywireProperties;
import com.paywire.vocabulary.secrets.MalformedKey;
import io.jsonwebtoken.Claims;
import io.jsonwebtoken.JwtParser;
import io.jsonwebtoken.JwtParserBuilder;
import io.jsonwebtoken.Jwts;
import io.jsonwebtoken.io.Decoders;
import io.jsonwebtoken.io.DecodingException;
import io.jsonwebtoken.security.Keys;
import io.jsonwebtoken.security.SignatureException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import javax.crypto.SecretKey;
import org.springframework.stereotype.Component;

/**
 * The HS256 keys of what the API signs (access tokens, capture contexts). New values are signed with
 * {@code PAYWIRE_TOKEN_SIGNING_KEY}; during a rotation {@code PAYWIRE_TOKEN_SIGNING_PREVIOUS_KEY} still verifies
 * what it signed, so that a restart with a new key signs nobody out.
 */
@Component
public class TokenSigningKeys {

    private static final int MINIMUM_BYTES = 32;

    private final SecretKey signing;
    /** The signing key first, then the previous one if any. */
    private final List<SecretKey> verifying;

    /** @throws MalformedKey naming the variable of a key that is not base64 of at least 32 bytes */
    public TokenSigningKeys(PaywireProperties properties) {
        PaywireProperties.Security security = properties.security();
        this.signing = key("PAYWIRE_TOKEN_SIGNING_KEY", security.tokenSigningKey());
        List<SecretKey> keys = new ArrayList<>(List.of(signing));
        String previous = security.tokenSigningPreviousKey();
        if (previous != null && !previous.isBlank()) {
            keys.add(key("PAYWIRE_TOKEN_SIGNING_PREVIOUS_KEY", previous));
        }
        this.verifying = List.copyOf(keys);
    }

    public SecretKey signing() {
        return signing;
    }

    /**
     * @param requirements what the caller's parser demands besides the signature (issuer, audience, clock)
     * @return a verifier trying each key, built once: parsers are immutable and thread-safe
     */
    public Verifier verifier(UnaryOperator<JwtParserBuilder> requirements) {
        return new Verifier(verifying.stream().map(key -> requirements.apply(Jwts.parser().verifyWith(key)).build())
                .toList());
    }

    /** Decoded by jjwt, as the signing key always was, so that a key in use reads as it did. */
    private static SecretKey key(String variable, String base64) {
        byte[] bytes;
        try {
            bytes = Decoders.BASE64.decode(base64);
        } catch (DecodingException notBase64) {
            throw new MalformedKey(variable, 0, "is not base64");
        }
        if (bytes.length < MINIMUM_BYTES) {
            throw MalformedKey.ofLength(variable, 0, MINIMUM_BYTES, false, bytes.length);
        }
        return Keys.hmacShaKeyFor(bytes);
    }

    /** Verifies a signed value with the signing key, else with the previous one. */
    public static final class Verifier {

        private final List<JwtParser> parsers;

        private Verifier(List<JwtParser> parsers) {
            this.parsers = parsers;
        }

        /**
         * @throws io.jsonwebtoken.JwtException as jjwt's parser does: a signature no key verifies, an expired or
         *                                      malformed value, a requirement not met
         */
        public Claims claims(String signed) {
            SignatureException notSignedWithIt = null;
            for (JwtParser parser : parsers) {
                try {
                    return parser.parseSignedClaims(signed).getPayload();
                } catch (SignatureException e) {
                    notSignedWithIt = e;
                }
            }
            throw notSignedWithIt;
        }
    }
}
