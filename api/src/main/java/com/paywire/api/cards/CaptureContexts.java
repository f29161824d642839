package com.paywire.api.cards;

import com.paywire.api.auth.TokenSigningKeys;
import com.paywire.domain.platform.WallClock;
import io.jsonwebtoken.JwtException;
import io.jsonwebtoken.Jwts;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * A capture context is a short-lived signed value (JWT) that lets a browser on the merchant's origins turn
 * card details into a transient token, without the merchant's credentials.
 */
@Component
class CaptureContexts {

    static final Duration LIFETIME = Duration.ofMinutes(15);
    private static final String AUDIENCE = "paywire-capture-context";

    private final TokenSigningKeys keys;
    private final Clock clock;
    private final TokenSigningKeys.Verifier verifier;

    CaptureContexts(TokenSigningKeys keys, @WallClock Clock clock) {
        this.keys = keys;
        this.clock = clock;
        this.verifier = keys.verifier(parser -> parser.requireAudience(AUDIENCE)
                .clock(() -> Date.from(this.clock.instant())));
    }

    record Context(String clientId, List<String> targetOrigins, List<String> allowedNetworks, Instant expiresAt) {
    }

    String issue(String clientId, List<String> targetOrigins, List<String> allowedNetworks, Instant expiresAt) {
        return Jwts.builder().audience().add(AUDIENCE).and().subject(clientId)
                .claim("origins", targetOrigins).claim("networks", allowedNetworks)
                .issuedAt(Date.from(clock.instant())).expiration(Date.from(expiresAt))
                .signWith(keys.signing(), Jwts.SIG.HS256).compact();
    }

    @SuppressWarnings("unchecked")
    Optional<Context> verify(String value) {
        try {
            var claims = verifier.claims(value);
            return Optional.of(new Context(claims.getSubject(), (List<String>) claims.get("origins"),
                    (List<String>) claims.get("networks"), claims.getExpiration().toInstant()));
        } catch (JwtException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
