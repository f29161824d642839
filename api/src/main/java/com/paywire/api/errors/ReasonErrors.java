package com.paywire.api.errors;

import com.paywire.api.platform.PaywireProperties;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.time.OffsetDateTime;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The reason shape {appDomainName, timestamp, reason}, for the error handler and for the answers written
 * before or outside Spring MVC (the body-size limit, the container's own errors).
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

    public ErrorBodies.ReasonError body(String reason) {
        return new ErrorBodies.ReasonError(appDomainName, OffsetDateTime.now(clock), reason);
    }

    /** Writes the whole answer, replacing anything written before it. */
    public void write(HttpServletResponse response, int status, String reason) throws IOException {
        response.resetBuffer();
        response.setStatus(status);
        ErrorHeaders.addTo(response);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getOutputStream().write(json.writeValueAsBytes(body(reason)));
        response.flushBuffer();
    }
}
