package com.paywire.api.auth;

import com.paywire.domain.platform.WallClock;
import io.jsonwebtoken.ExpiredJwtException;
import io.jsonwebtoken.JwtException;
import io.jsonwebtoken.Jwts;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.Set;
import org.springframework.stereotype.Service;

/** Issues and verifies the HS256 access tokens (JWT) that every /v1 and card operation requires. */
@Service
public class TokenService {

    /** A token is valid for one hour (docs/interface.md#limits). */
    public static final Duration LIFETIME = Duration.ofHours(1);
    private static final String ISSUER = "paywire";
    private static final String SCOPE_CLAIM = "scope";

    private final TokenSigningKeys keys;
    private final Clock clock;
    /** Built once: building one per request costs more than the check. */
    private final TokenSigningKeys.Verifier verifier;

    public TokenService(TokenSigningKeys keys, @WallClock Clock clock) {
        this.keys = keys;
        this.clock = clock;
        this.verifier = keys.verifier(parser -> parser
                .requireIssuer(ISSUER)
                .clock(() -> Date.from(this.clock.instant())));
    }

    public IssuedToken issue(String clientId, Set<String> scopes) {
        Instant now = clock.instant();
        String scope = String.join(" ", scopes);
        String token = Jwts.builder()
                .issuer(ISSUER)
                .subject(clientId)
                .claim(SCOPE_CLAIM, scope)
                .issuedAt(Date.from(now))
                .expiration(Date.from(now.plus(LIFETIME)))
                .signWith(keys.signing(), Jwts.SIG.HS256)
                .compact();
        return new IssuedToken(token, LIFETIME.toSeconds(), scope);
    }

    /** @throws InvalidTokenException with a description fit to show the caller */
    public VerifiedToken verify(String token) {
        try {
            var claims = verifier.claims(token);
            String scope = claims.get(SCOPE_CLAIM, String.class);
            Set<String> scopes = scope == null || scope.isBlank()
                    ? Set.of() : new LinkedHashSet<>(Arrays.asList(scope.split(" ")));
            // every token Paywire issues has one; a token without is as old as can be
            Instant issuedAt = claims.getIssuedAt() == null ? Instant.EPOCH : claims.getIssuedAt().toInstant();
            return new VerifiedToken(new AuthenticatedClient(claims.getSubject(), scopes), issuedAt);
        } catch (ExpiredJwtException e) {
            throw new InvalidTokenException("The access token expired");
        } catch (JwtException | IllegalArgumentException e) {
            throw new InvalidTokenException("The access token is malformed or not signed by Paywire");
        }
    }

    public record IssuedToken(String accessToken, long expiresInSeconds, String scope) {
    }

    /** @param issuedAt to the second, as the token carries it */
    public record VerifiedToken(AuthenticatedClient client, Instant issuedAt) {
    }

    public static class InvalidTokenException extends RuntimeException {
        public InvalidTokenException(String description) {
            super(description);
        }
    }
}
