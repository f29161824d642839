package com.paywire.api.auth;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import tools.jackson.databind.json.JsonMapper;

/** RFC 6750 refusals of a bearer-protected operation: the error in WWW-Authenticate and in a small JSON body. */
final class BearerChallenge {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private BearerChallenge() {
    }

    /** 401: no token, or one that is not (or no longer) good. */
    static void unauthorized(HttpServletResponse response, String error, String description) throws IOException {
        write(response, HttpServletResponse.SC_UNAUTHORIZED, error, description, null);
    }

    /** 403: a good token that lacks the operation's scope (null: the operation grants no scope at all). */
    static void insufficientScope(HttpServletResponse response, Scope needed) throws IOException {
        if (needed == null) {
            write(response, HttpServletResponse.SC_FORBIDDEN, "insufficient_scope", "No token may call this operation", null);
            return;
        }
        write(response, HttpServletResponse.SC_FORBIDDEN, "insufficient_scope",
                "This operation needs a token with the scope '" + needed.value() + "'", needed.value());
    }

    private static void write(HttpServletResponse response, int status, String error, String description,
                              String scope) throws IOException {
        response.setStatus(status);
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer error=\"" + error + "\", error_description=\""
                + description + "\"" + (scope == null ? "" : ", scope=\"" + scope + "\""));
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        Map<String, String> body = new LinkedHashMap<>();
        body.put("error", error);
        body.put("error_description", description);
        if (scope != null) {
            body.put("scope", scope);
        }
        response.getWriter().write(JSON.writeValueAsString(body));
    }
}
