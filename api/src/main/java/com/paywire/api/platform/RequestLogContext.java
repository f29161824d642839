package com.paywire.api.platform;

import com.paywire.workflows.logging.PaymentContext;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A request's log lines name its client and, once the request is resolved to one, its payment (the bearer token's
 * filter and the domain put them: {@link PaymentContext#putForTheRequest()}); this clears them as the request ends,
 * so that the thread's next request does not log under them.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestLogContext extends OncePerRequestFilter {

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        try {
            chain.doFilter(request, response);
        } finally {
            PaymentContext.clear();
        }
    }
}
