package com.paywire.api.console;

import com.paywire.workflows.logging.PaymentContext;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Every console page but sign-in needs a session: without one (never had, idle too long, past its end, signed out,
 * its client disabled) a request is sent to sign in, and nothing else runs. A form (any method but GET and HEAD)
 * must carry the session's token, else it is refused with a 403 page: a page on another site cannot read it, so it
 * cannot make a signed-in browser act (the cookie's SameSite=Strict already keeps it from being sent there).
 */
@Component
class ConsoleGuard extends OncePerRequestFilter {

    static final String SIGN_IN = "/console/sign-in";
    private static final Logger log = LoggerFactory.getLogger(ConsoleGuard.class);

    private final ConsoleSessions sessions;
    private final ConsolePages pages;

    ConsoleGuard(ConsoleSessions sessions, ConsolePages pages) {
        this.sessions = sessions;
        this.pages = pages;
    }

    /** The decoded path request mapping uses too, so that no encoding of it slips past. */
    private static String path(HttpServletRequest request) {
        return request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = path(request);
        return !(path.equals(ConsoleSessions.PATH) || path.startsWith(ConsoleSessions.PATH + "/"))
                || path.equals(SIGN_IN); // it checks its own form
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String id = cookie(request, ConsoleSessions.COOKIE);
        Optional<ConsoleSession> found = sessions.use(id);
        if (found.isEmpty()) {
            boolean ended = id != null;
            send(ended ? ConsolePages.seeOther(SIGN_IN + "?ended", sessions.ended())
                    : ConsolePages.seeOther(SIGN_IN), response);
            return;
        }
        ConsoleSession session = found.get();
        boolean form = !"GET".equals(request.getMethod()) && !"HEAD".equals(request.getMethod());
        if (form && !ConsoleSessions.sameToken(session.csrfToken(), request.getParameter("csrf"))) {
            log.warn("Security: a console form of client {} was refused: its token was missing or wrong ({} {})",
                    session.clientId(), request.getMethod(), request.getRequestURI());
            send(pages.message(HttpStatus.FORBIDDEN, session, "Form refused",
                    "This form did not carry your session's token, so it was not sent from this console's page, or "
                            + "it was sent from a page of an earlier session.",
                    "Nothing was changed. Open the page again from the console and send it from there."), response);
            return;
        }
        request.setAttribute(ConsoleSession.ATTRIBUTE, session);
        new PaymentContext(session.clientId(), null, null).putForTheRequest(); // every line of the request names it
        chain.doFilter(request, response);
    }

    static String cookie(HttpServletRequest request, String name) {
        if (request.getCookies() == null) {
            return null;
        }
        for (Cookie cookie : request.getCookies()) {
            if (name.equals(cookie.getName())) {
                return cookie.getValue();
            }
        }
        return null;
    }

    private static void send(ResponseEntity<String> answer, HttpServletResponse response) throws IOException {
        response.setStatus(answer.getStatusCode().value());
        answer.getHeaders().forEach((name, values) -> values.forEach(value -> response.addHeader(name, value)));
        if (answer.getBody() != null) {
            byte[] body = answer.getBody().getBytes(StandardCharsets.UTF_8);
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
        }
    }
}
