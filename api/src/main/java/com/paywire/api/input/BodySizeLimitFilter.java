package com.paywire.api.input;

import com.paywire.api.errors.ReasonErrors;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request body over {@code paywire.http.max-body-size} with 413, whether its Content-Length says
 * so or it grows past the limit in chunks, before any operation reads it. A body within the limit is read
 * here once and handed on from memory, so that {@link UnsafeInputInterceptor} can look at it too. Form bodies
 * are left to the container, which parses them itself within {@code server.tomcat.max-http-form-post-size}
 * (the same limit).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
class BodySizeLimitFilter extends OncePerRequestFilter {

    /** The request attribute holding the body read here. */
    static final String BODY = BodySizeLimitFilter.class.getName() + ".body";

    private final HttpLimitsProperties limits;
    private final long maxBytes;
    private final ReasonErrors reasons;

    BodySizeLimitFilter(HttpLimitsProperties limits, ReasonErrors reasons) {
        this.limits = limits;
        this.maxBytes = limits.maxBodySize().toBytes();
        this.reasons = reasons;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getContentLengthLong() > maxBytes) {
            tooLarge(request, response);
            return;
        }
        if (!hasBody(request) || isForm(request)) {
            chain.doFilter(request, response);
            return;
        }
        byte[] body = request.getInputStream().readNBytes(Math.toIntExact(maxBytes + 1));
        if (body.length > maxBytes) {
            tooLarge(request, response);
            return;
        }
        request.setAttribute(BODY, body);
        chain.doFilter(new ReadBody(request, body), response);
    }

    private void tooLarge(HttpServletRequest request, HttpServletResponse response) throws IOException {
        reasons.write(request, response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, limits.tooLargeReason());
    }

    private static boolean hasBody(HttpServletRequest request) {
        return request.getContentLengthLong() > 0 || request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null;
    }

    private static boolean isForm(HttpServletRequest request) {
        String type = request.getContentType();
        return type != null && type.toLowerCase(Locale.ROOT).startsWith(MediaType.APPLICATION_FORM_URLENCODED_VALUE);
    }

    /** The request, with the body already read. */
    private static final class ReadBody extends HttpServletRequestWrapper {

        private final byte[] body;

        ReadBody(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream bytes = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return bytes.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return bytes.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return bytes.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("the body was already read");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            String encoding = getCharacterEncoding();
            Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding, StandardCharsets.UTF_8);
            return new BufferedReader(new InputStreamReader(getInputStream(), charset));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
