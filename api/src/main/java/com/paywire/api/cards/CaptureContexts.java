package com.paywire.api.cards;

import com.paywire.api.platform.PaywireProperties;
import com.paywire.domain.platform.WallClock;
import io.jsonwebtoken.JwtException;
import io.jsonwebtoken.Jwts;
import io.jsonwebtoken.io.Decoders;
import io.jsonwebtoken.security.Keys;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import javax.crypto.SecretKey;
import org.springframework.stereotype.Component;

/**
 * A capture context is a short-lived signed value (JWT) that lets a browser on the merchant's origins turn
 * card details into a transient token, without the merchant's credentials.
 */
@Component
class CaptureContexts {

    static final Duration LIFETIME = Duration.ofMinutes(15);
    private static final String AUDIENCE = "paywire-capture-context";

    private final SecretKey key;
    private final Clock clock;

    CaptureContexts(PaywireProperties properties, WallClock wallClock) {
        this.key = Keys.hmacShaKeyFor(Decoders.BASE64.decode(properties.security().tokenSigningKey()));
        this.clock = wallClock.clock();
    }

    record Context(String clientId, List<String> targetOrigins, List<String> allowedNetworks, Instant expiresAt) {
    }

    String issue(String clientId, List<String> targetOrigins, List<String> allowedNetworks, Instant expiresAt) {
        return Jwts.builder().audience().add(AUDIENCE).and().subject(clientId)
                .claim("origins", targetOrigins).claim("networks", allowedNetworks)
                .issuedAt(Date.from(clock.instant())).expiration(Date.from(expiresAt))
                .signWith(key, Jwts.SIG.HS256).compact();
    }

    @SuppressWarnings("unchecked")
    Optional<Context> verify(String value) {
        try {
            var claims = Jwts.parser().verifyWith(key).requireAudience(AUDIENCE)
                    .clock(() -> Date.from(clock.instant())).build().parseSignedClaims(value).getPayload();
            return Optional.of(new Context(claims.getSubject(), (List<String>) claims.get("origins"),
                    (List<String>) claims.get("networks"), claims.getExpiration().toInstant()));
        } catch (JwtException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
