package com.paywire.api.errors;

import com.paywire.api.platform.PaywireProperties;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.time.OffsetDateTime;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The reason shape {appDomainName, timestamp, reason}, for the error handler and for the answers written
 * before or outside Spring MVC (the body-size limit, the container's own errors). On the OAuth2 token endpoint
 * every error is RFC 6749's {error, error_description} instead, whatever raised it: its clients are OAuth
 * libraries, which read no other shape.
 */
@Component
public class ReasonErrors {

    private final String appDomainName;
    private final Clock clock;
    private final JsonMapper json;

    ReasonErrors(PaywireProperties properties, Clock clock, JsonMapper json) {
        this.appDomainName = properties.appDomainName();
        this.clock = clock;
        this.json = json;
    }

    /** The path of the OAuth2 token endpoint. */
    public static final String TOKEN_ENDPOINT = "/connect/token";

    private ErrorBodies.ReasonError body(String reason) {
        return new ErrorBodies.ReasonError(appDomainName, OffsetDateTime.now(clock), reason);
    }

    /** The reason shape, or on the token endpoint RFC 6749's, for an error answer of this status to this path. */
    public Object body(String requestPath, int status, String reason) {
        if (!TOKEN_ENDPOINT.equals(requestPath)) {
            return body(reason);
        }
        String error = status == 503 ? "temporarily_unavailable" : status >= 500 ? "server_error" : "invalid_request";
        return ErrorBodies.OAuthError.of(error, reason);
    }

    /** Writes the whole answer, replacing anything written before it. */
    public void write(HttpServletRequest request, HttpServletResponse response, int status, String reason)
            throws IOException {
        response.resetBuffer();
        response.setStatus(status);
        ErrorHeaders.addTo(response);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getOutputStream().write(json.writeValueAsBytes(body(request.getRequestURI(), status, reason)));
        response.flushBuffer();
    }
}
