package com.paywire.api.auth;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Refuses a bearer-authenticated call whose token lacks the operation's {@link RequiresScope} with 403
 * insufficient_scope. Runs before the body is read, so a caller without the scope learns nothing about its input.
 */
@Configuration(proxyBeanMethods = false)
class ScopeInterceptor implements HandlerInterceptor, WebMvcConfigurer {

    private static final Logger log = LoggerFactory.getLogger(ScopeInterceptor.class);

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(this);
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
            throws IOException {
        if (!(handler instanceof HandlerMethod method)
                || !(request.getAttribute(AuthenticatedClient.REQUEST_ATTRIBUTE) instanceof AuthenticatedClient client)) {
            return true; // not a bearer-protected operation: the filter decided it needs no token
        }
        List<Scope> needed = Scope.requiredBy(method);
        if (needed.isEmpty()) {
            log.error("{} is bearer-protected but declares no @RequiresScope; refusing it", method.getShortLogMessage());
            BearerChallenge.insufficientScope(response, null);
            return false;
        }
        if (needed.stream().noneMatch(scope -> client.scopes().contains(scope.value()))) {
            BearerChallenge.insufficientScope(response, needed.getFirst());
            return false;
        }
        return true;
    }
}
