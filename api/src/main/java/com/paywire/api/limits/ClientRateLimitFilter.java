package com.paywire.api.limits;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.errors.ReasonErrors;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Limits every request a client makes with its bearer token (the operations under /v1 and the card API), right after
 * the token filter has said who it is: headers on every answer, 429 in the reason shape with Retry-After past the
 * limit, before anything else is read or done. What carries no client token is not counted here: rail callbacks
 * (which are never limited), hosted pages and the console (capped per phone and per sign-in of their own), the token
 * endpoints (counted by {@link com.paywire.api.auth.TokenController} once the secret is checked).
 */
@Component
@Order(ClientRateLimitFilter.ORDER)
class ClientRateLimitFilter extends OncePerRequestFilter {

    /** After {@link com.paywire.api.auth.BearerTokenFilter}, which sets who calls. */
    static final int ORDER = Ordered.LOWEST_PRECEDENCE - 50;

    private final RateLimits limits;
    private final ReasonErrors errors;

    ClientRateLimitFilter(RateLimits limits, ReasonErrors errors) {
        this.limits = limits;
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !limits.enabled() || "OPTIONS".equals(request.getMethod());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!(request.getAttribute(AuthenticatedClient.REQUEST_ATTRIBUTE) instanceof AuthenticatedClient client)) {
            chain.doFilter(request, response);
            return;
        }
        OperationClass operationClass = switch (request.getMethod()) {
            case "GET", "HEAD" -> OperationClass.STATUS_QUERY;
            default -> OperationClass.WRITE;
        };
        Optional<RateLimits.Decision> decision = limits.take(client.clientId(), operationClass);
        if (decision.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        RateLimitHeaders.addTo(response, decision.get());
        if (decision.get().allowed()) {
            chain.doFilter(request, response);
            return;
        }
        errors.write(request, response, 429, refusal(operationClass, decision.get()));
    }

    static String refusal(OperationClass operationClass, RateLimits.Decision decision) {
        String what = switch (operationClass) {
            case WRITE -> "write requests";
            case STATUS_QUERY -> "status queries";
            case TOKEN -> "token requests";
        };
        return "Too many requests: this client may make " + decision.limit().requests() + " " + what + " "
                + decision.limit().perInWords() + "; retry after " + decision.retryAfterSeconds() + " seconds.";
    }
}
