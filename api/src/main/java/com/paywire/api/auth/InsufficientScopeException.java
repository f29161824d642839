package com.paywire.api.auth;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The token lacks the scope that the request's input needs, on an operation that accepts several
 * ({@link RequiresScope}): answered as {@link ScopeInterceptor} answers, 403 insufficient_scope.
 */
public class InsufficientScopeException extends RuntimeException {

    private final transient Scope needed;

    private InsufficientScopeException(Scope needed) {
        super("the token lacks the scope " + needed.value());
        this.needed = needed;
    }

    /** @throws InsufficientScopeException unless the client's token carries {@code needed} */
    public static void require(AuthenticatedClient client, Scope needed) {
        if (!client.scopes().contains(needed.value())) {
            throw new InsufficientScopeException(needed);
        }
    }

    @RestControllerAdvice
    @Order(Ordered.HIGHEST_PRECEDENCE)
    static class Handler {

        @ExceptionHandler(InsufficientScopeException.class)
        void refuse(InsufficientScopeException e, HttpServletResponse response) throws IOException {
            BearerChallenge.insufficientScope(response, e.needed);
        }
    }
}
