package com.paywire.api.errors;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;

/**
 * The headers every JSON error answer carries, whoever writes it (the error handler, the container's error
 * path, the body-size filter): a browser must not sniff it into HTML, run or frame anything in it, or keep it.
 * The hosted payer pages set their own, looser policy for their HTML.
 */
public final class ErrorHeaders {

    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

    private ErrorHeaders() {
    }

    public static void addTo(HttpHeaders headers) {
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        headers.setCacheControl("no-store");
    }

    public static void addTo(HttpServletResponse response) {
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
    }
}
