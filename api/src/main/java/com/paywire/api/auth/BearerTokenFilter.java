package com.paywire.api.auth;

import com.paywire.api.platform.PaywireProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Every {@code /v1/**} and card operation needs a valid bearer token; the filter turns it into an
 * {@link AuthenticatedClient} request attribute. Token and tokenisation endpoints authenticate otherwise.
 * Failures answer 401 with an RFC 6750 style JSON body and WWW-Authenticate header.
 */
@Component
class BearerTokenFilter extends OncePerRequestFilter {

    private final TokenService tokens;
    private final String cardsBasePath;
    private final Set<String> publicCardPaths;

    BearerTokenFilter(TokenService tokens, PaywireProperties properties) {
        this.tokens = tokens;
        this.cardsBasePath = properties.cards().basePath();
        // the card token endpoint takes client credentials; tokenisation is authorised by the capture context
        this.publicCardPaths = Set.of(cardsBasePath + "/auth/token", cardsBasePath + "/transient-tokens");
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        boolean protectedPath = path.startsWith("/v1/") || path.startsWith("/apps/graph/api/v1/");
        return !protectedPath || publicCardPaths.contains(path);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7) || header.substring(7).isBlank()) {
            reject(response, "invalid_request", "A bearer token is required: Authorization: Bearer <access_token>");
            return;
        }
        try {
            request.setAttribute(AuthenticatedClient.REQUEST_ATTRIBUTE, tokens.verify(header.substring(7).trim()));
        } catch (TokenService.InvalidTokenException e) {
            reject(response, "invalid_token", e.getMessage());
            return;
        }
        chain.doFilter(request, response);
    }

    private static void reject(HttpServletResponse response, String error, String description) throws IOException {
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE,
                "Bearer error=\"" + error + "\", error_description=\"" + description + "\"");
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        // both values are our own constants, so plain concatenation is safe JSON
        response.getWriter().write("{\"error\":\"" + error + "\",\"error_description\":\"" + description + "\"}");
    }
}
