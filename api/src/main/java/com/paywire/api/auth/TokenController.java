package com.paywire.api.auth;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.errors.ErrorBodies;
import com.paywire.api.errors.ErrorShape;
import com.paywire.api.errors.ReasonErrors;
import com.paywire.api.limits.OperationClass;
import com.paywire.api.limits.RateLimitHeaders;
import com.paywire.api.limits.RateLimits;
import com.paywire.api.errors.RetryAfter;
import com.paywire.vocabulary.clients.ApiClient;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * OAuth2 client-credentials token endpoint (form-encoded as OAuth2 says, JSON too), and the card API's
 * {@code auth/token}, which issues the same token in PascalCase.
 */
@RestController
@Tag(name = "Platform")
class TokenController {

    private static final String CLIENT_CREDENTIALS = "client_credentials";
    /** The live API's single scope name: granted as every scope the client holds. */
    static final String LIVE_API_SCOPE = "PyPay_api";

    private final ClientAuthenticator authenticator;
    private final TokenService tokens;
    private final RateLimits limits;

    TokenController(ClientAuthenticator authenticator, TokenService tokens, RateLimits limits) {
        this.authenticator = authenticator;
        this.tokens = tokens;
        this.limits = limits;
    }

    @Operation(summary = "Token Request (form-encoded client credentials; HTTP Basic accepted)",
            description = "The OAuth 2 client-credentials grant: answers an access_token to send as "
            + "'Authorization: Bearer <token>', with expires_in and the scopes granted. Without scope, the token "
            + "carries every scope the client holds. A wrong id or secret answers 400 invalid_client, a scope the "
            + "client does not hold 400 invalid_scope; too many wrong secrets from one source, 429 with Retry-After.")
    @ErrorShape(ErrorShape.Kind.OAUTH_ERROR)
    @PostMapping(path = ReasonErrors.TOKEN_ENDPOINT, consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
            mediaType = MediaType.APPLICATION_FORM_URLENCODED_VALUE, schema = @Schema(implementation = TokenForm.class)))
    ResponseEntity<Object> tokenFromForm(@RequestParam @Parameter(hidden = true) MultiValueMap<String, String> form,
                                         @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String authorization,
                                         HttpServletRequest http) {
        return grant(new TokenRequest(form.getFirst("grant_type"), form.getFirst("client_id"),
                form.getFirst("client_secret"), form.getFirst("scope")).withBasicCredentials(authorization),
                http.getRemoteAddr());
    }

    @Operation(summary = "Token Request (JSON body with the same keys)")
    @ErrorShape(ErrorShape.Kind.OAUTH_ERROR)
    @PostMapping(path = ReasonErrors.TOKEN_ENDPOINT, consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Object> tokenFromJson(@RequestBody Map<String, Object> body,
                                         @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String authorization,
                                         HttpServletRequest http) {
        Map<String, Object> keys = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        keys.putAll(body);
        return grant(new TokenRequest(text(keys.get("grant_type")), text(keys.get("client_id")),
                text(keys.get("client_secret")), text(keys.get("scope"))).withBasicCredentials(authorization),
                http.getRemoteAddr());
    }

    @Operation(summary = "Generate Auth Token (card API)")
    @PostMapping(path = "${paywire.cards.base-path}/auth/token", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Object> cardAuthToken(@RequestBody CardAuthTokenRequest request, HttpServletRequest http) {
        Optional<ApiClient> client = authenticator.authenticate(request.clientId(), request.clientSecret(),
                http.getRemoteAddr());
        if (client.isEmpty()) {
            return oauthError("invalid_client");
        }
        Optional<RateLimits.Decision> limit = limits.take(client.get().clientId(), OperationClass.TOKEN);
        if (limit.isPresent() && !limit.get().allowed()) {
            return tooManyTokens(limit.get());
        }
        TokenService.IssuedToken token = tokens.issue(client.get().clientId(), client.get().scopes());
        return issued(new CardAuthTokenResponse(token.accessToken(), "Bearer", token.expiresInSeconds()), limit);
    }

    private ResponseEntity<Object> grant(TokenRequest request, String sourceAddress) {
        if (request.grantType() == null || request.grantType().isBlank()) {
            return oauthError("invalid_request");
        }
        if (!CLIENT_CREDENTIALS.equals(request.grantType())) {
            return oauthError("unsupported_grant_type");
        }
        Optional<ApiClient> client = authenticator.authenticate(request.clientId(), request.clientSecret(),
                sourceAddress);
        if (client.isEmpty()) {
            return oauthError("invalid_client");
        }
        Set<String> granted = client.get().scopes();
        if (request.scope() != null && !request.scope().isBlank()) {
            Set<String> asked = new LinkedHashSet<>(Arrays.asList(request.scope().trim().split("\\s+")));
            // clients written for the live API ask for its one scope name, which stands for all a client holds
            boolean everyHeld = asked.remove(LIVE_API_SCOPE);
            if (!granted.containsAll(asked)) {
                return oauthError("invalid_scope");
            }
            if (everyHeld) {
                // but admin, which a token carries only when it names it (or asks for no scope at all)
                Set<String> held = new LinkedHashSet<>(granted);
                held.remove(Scope.ADMIN.value());
                held.addAll(asked);
                asked = held;
            }
            if (asked.isEmpty()) {
                return oauthError("invalid_scope");
            }
            granted = asked;
        }
        // counted once the secret is right: wrong secrets are FailedAttempts' to count, and must not use up the
        // real client's tokens
        Optional<RateLimits.Decision> limit = limits.take(client.get().clientId(), OperationClass.TOKEN);
        if (limit.isPresent() && !limit.get().allowed()) {
            return tooManyTokens(limit.get());
        }
        TokenService.IssuedToken token = tokens.issue(client.get().clientId(), granted);
        return issued(new TokenResponse(token.accessToken(), token.expiresInSeconds(), "Bearer", token.scope()), limit);
    }

    /** Too many wrong secrets from this source: 429 to this source alone, and when it may try again. */
    @ExceptionHandler(ClientAuthenticator.Throttled.class)
    ResponseEntity<Object> throttled(ClientAuthenticator.Throttled e) {
        long seconds = RetryAfter.seconds(e.retryAfter());
        return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS).cacheControl(CacheControl.noStore())
                .header(HttpHeaders.RETRY_AFTER, Long.toString(seconds))
                .body(Map.of("error", "temporarily_unavailable", "error_description",
                        "Too many wrong secrets from this address; retry after " + seconds + " seconds"));
    }

    /** Past the client's token limit: 429 in the OAuth shape, with the rate-limit headers and Retry-After. */
    private static ResponseEntity<Object> tooManyTokens(RateLimits.Decision limit) {
        HttpHeaders headers = new HttpHeaders();
        RateLimitHeaders.addTo(headers, limit);
        return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS).cacheControl(CacheControl.noStore()).headers(headers)
                .body(ErrorBodies.OAuthError.of("temporarily_unavailable", "Too many tokens requested by this client: at"
                        + " most " + limit.limit().requests() + " " + limit.limit().perInWords() + "; retry after "
                        + limit.retryAfterSeconds() + " seconds"));
    }

    private static ResponseEntity<Object> issued(Object body, Optional<RateLimits.Decision> limit) {
        HttpHeaders headers = new HttpHeaders();
        limit.ifPresent(l -> RateLimitHeaders.addTo(headers, l));
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).headers(headers).body(body);
    }

    /** RFC 6749 section 5.2: 400 with just the error code. */
    private static ResponseEntity<Object> oauthError(String error) {
        return ResponseEntity.badRequest().cacheControl(CacheControl.noStore()).body(Map.of("error", error));
    }

    private static String text(Object value) {
        return value == null ? null : value.toString();
    }

    record TokenRequest(String grantType, String clientId, String clientSecret, String scope) {

        /** RFC 6749 lets a client send its credentials as HTTP Basic instead of in the body. */
        TokenRequest withBasicCredentials(String authorization) {
            if (clientId != null || authorization == null
                    || !authorization.toLowerCase(Locale.ROOT).startsWith("basic ")) {
                return this;
            }
            try {
                String decoded = new String(Base64.getDecoder().decode(authorization.substring(6).trim()),
                        StandardCharsets.UTF_8);
                int colon = decoded.indexOf(':');
                return colon < 0 ? this
                        : new TokenRequest(grantType, decoded.substring(0, colon), decoded.substring(colon + 1), scope);
            } catch (IllegalArgumentException notBase64) {
                return this;
            }
        }
    }

    /** The form's fields, as the OpenAPI document shows them (the form is read as a map, to take any casing of JSON too). */
    record TokenForm(
            @Schema(description = "always client_credentials")
            @JsonProperty("grant_type") String grantType,
            @Schema(description = "the client's id (or give it and the secret by HTTP Basic)")
            @JsonProperty("client_id") String clientId,
            @Schema(description = "the client's secret")
            @JsonProperty("client_secret") String clientSecret,
            @Schema(description = "the scopes wanted, space separated; absent: every scope the client holds")
            @JsonProperty("scope") String scope) {
    }

    record TokenResponse(@JsonProperty("access_token") String accessToken,
                         @JsonProperty("expires_in") long expiresIn,
                         @JsonProperty("token_type") String tokenType,
                         @JsonProperty("scope") String scope) {
    }

    record CardAuthTokenRequest(
            @Schema(description = "the client's id")
            @JsonProperty("ClientId") String clientId,
            @Schema(description = "the client's secret")
            @JsonProperty("ClientSecret") String clientSecret) {
    }

    record CardAuthTokenResponse(@JsonProperty("AccessToken") String accessToken,
                                 @JsonProperty("TokenType") String tokenType,
                                 @JsonProperty("ExpiresIn") long expiresIn) {
    }
}
