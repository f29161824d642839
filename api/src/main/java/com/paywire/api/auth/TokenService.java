package com.paywire.api.auth;

import com.paywire.domain.platform.WallClock;
import io.jsonwebtoken.ExpiredJwtException;
import io.jsonwebtoken.JwtException;
import io.jsonwebtoken.Jwts;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Service;

/** Issues and verifies the HS256 access tokens (JWT) that every /v1 and card operation requires. */
@Service
public class TokenService {

    /** A token is valid for one hour (docs/interface.md#limits). */
    public static final Duration LIFETIME = Duration.ofHours(1);
    private static final String ISSUER = "paywire";
    private static final String SCOPE_CLAIM = "scope";
    /** How many verified tokens are remembered before the memory is emptied. */
    static final int REMEMBERED_TOKENS = 10_000;

    private final TokenSigningKeys keys;
    private final Clock clock;
    /** Built once: building one per request costs more than the check. */
    private final TokenSigningKeys.Verifier verifier;
    /**
     * Tokens whose signature and claims were checked, until they expire: a client sends the same token for its
     * hour, and the check (an HMAC and a JSON parse) was a tenth of the API's allocation. Whether the client may
     * still call is asked on every request all the same ({@code ActiveClients}).
     */
    private final Map<String, Verified> verified = new ConcurrentHashMap<>();

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

    /**
     * @throws InvalidTokenException with a description fit to show the caller
     */
    public VerifiedToken verify(String token) {
        Instant now = clock.instant();
        Verified known = verified.get(token);
        if (known != null && now.isBefore(known.expiresAt())) {
            return known.token();
        }
        Verified checked = check(token);
        if (verified.size() >= REMEMBERED_TOKENS) {
            verified.clear(); // crude, but bounded; a busy replica sees a few thousand live tokens at most
        }
        verified.put(token, checked);
        return checked.token();
    }

    private Verified check(String token) {
        try {
            var claims = verifier.claims(token);
            String scope = claims.get(SCOPE_CLAIM, String.class);
            Set<String> scopes = scope == null || scope.isBlank()
                    ? Set.of() : Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(scope.split(" "))));
            // every token Paywire issues has one; a token without is as old as can be
            Instant issuedAt = claims.getIssuedAt() == null ? Instant.EPOCH : claims.getIssuedAt().toInstant();
            return new Verified(new VerifiedToken(new AuthenticatedClient(claims.getSubject(), scopes), issuedAt),
                    // a token without an expiry is not one Paywire issued: checked each time, never remembered
                    claims.getExpiration() == null ? Instant.EPOCH : claims.getExpiration().toInstant());
        } catch (ExpiredJwtException e) {
            throw new InvalidTokenException("The access token expired");
        } catch (JwtException | IllegalArgumentException e) {
            throw new InvalidTokenException("The access token is malformed or not signed by Paywire");
        }
    }

    private record Verified(VerifiedToken token, Instant expiresAt) {
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
