package com.paywire.api.auth;

import com.paywire.api.platform.PaywireProperties;
import com.paywire.domain.clients.ActiveClients;
import com.paywire.workflows.logging.PaymentContext;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.Principal;
import java.util.Optional;
import java.util.Set;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Every {@code /v1/**} and card operation needs a valid bearer token of an existing, enabled client; the filter
 * turns it into an {@link AuthenticatedClient} request attribute ({@link ScopeInterceptor} then checks the
 * operation's scope). Token and tokenisation endpoints authenticate otherwise. The actuator's health status is
 * public, its details and every other actuator endpoint need the {@link Scope#OPERATIONS} scope, as does the
 * codec endpoint ({@code /codec/**}).
 * Failures answer 401 (403 for a missing scope) with an RFC 6750 JSON body and WWW-Authenticate header.
 */
@Component
@Order(BearerTokenFilter.ORDER)
class BearerTokenFilter extends OncePerRequestFilter {

    /** Late, after the body-size limit and the request's log context; before the rate limit, which needs the client. */
    static final int ORDER = Ordered.LOWEST_PRECEDENCE - 100;
    private static final String ACTUATOR = "/actuator/";
    private static final String HEALTH = ACTUATOR + "health";
    /** Temporal's remote data encoder, for operators (its CORS preflight is answered before this filter). */
    private static final String CODEC = "/codec/";

    private final TokenService tokens;
    private final ActiveClients activeClients;
    private final Set<String> publicCardPaths;

    BearerTokenFilter(TokenService tokens, ActiveClients activeClients, PaywireProperties properties) {
        this.tokens = tokens;
        this.activeClients = activeClients;
        String cardsBasePath = properties.cards().basePath();
        // the card token endpoint takes client credentials; tokenisation is authorised by the capture context
        this.publicCardPaths = Set.of(cardsBasePath + "/auth/token", cardsBasePath + "/transient-tokens");
    }

    /** The decoded, normalised path that request mapping uses too, so that no encoding of it slips past. */
    private static String path(HttpServletRequest request) {
        return request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = path(request);
        boolean protectedPath = path.startsWith("/v1/") || path.startsWith("/apps/graph/api/v1/")
                || path.startsWith(ACTUATOR) || path.startsWith(CODEC);
        return !protectedPath || publicCardPaths.contains(path);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = path(request);
        boolean health = path.equals(HEALTH) || path.startsWith(HEALTH + "/");
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7) || header.substring(7).isBlank()) {
            if (health) {
                chain.doFilter(request, response); // the status alone, for load balancers and probes
                return;
            }
            BearerChallenge.unauthorized(response, "invalid_request", "A bearer token is required: Authorization: Bearer <access_token>");
            return;
        }
        TokenService.VerifiedToken token;
        try {
            token = tokens.verify(header.substring(7).trim());
        } catch (TokenService.InvalidTokenException e) {
            BearerChallenge.unauthorized(response, "invalid_token", e.getMessage());
            return;
        }
        AuthenticatedClient client = token.client();
        Optional<String> refusal = activeClients.refusal(client.clientId(), token.issuedAt());
        if (refusal.isPresent()) {
            BearerChallenge.unauthorized(response, "invalid_token", refusal.get());
            return;
        }
        if (path.startsWith(ACTUATOR)) {
            boolean operator = client.scopes().contains(Scope.OPERATIONS.value());
            if (!operator && !health) {
                BearerChallenge.insufficientScope(response, Scope.OPERATIONS);
                return;
            }
            chain.doFilter(new ActuatorCaller(request, client.clientId(), operator), response);
            return;
        }
        request.setAttribute(AuthenticatedClient.REQUEST_ATTRIBUTE, client);
        new PaymentContext(client.clientId(), null, null).putForTheRequest(); // every line of the request names it
        chain.doFilter(request, response);
    }

    /**
     * How the actuator learns who calls: it shows health details to a principal in the role named by
     * {@code management.endpoint.health.roles}, which is the operations scope.
     */
    private static final class ActuatorCaller extends HttpServletRequestWrapper {

        private final Principal principal;
        private final boolean operator;

        ActuatorCaller(HttpServletRequest request, String clientId, boolean operator) {
            super(request);
            this.principal = () -> clientId;
            this.operator = operator;
        }

        @Override
        public Principal getUserPrincipal() {
            return principal;
        }

        @Override
        public boolean isUserInRole(String role) {
            return operator && (Scope.OPERATIONS.value().equals(role) || ("ROLE_" + Scope.OPERATIONS.value()).equals(role));
        }
    }
}
