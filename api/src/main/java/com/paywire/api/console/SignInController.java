package com.paywire.api.console;

import com.paywire.api.auth.ClientAuthenticator;
import com.paywire.api.errors.RetryAfter;
import com.paywire.vocabulary.clients.ApiClient;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseCookie;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Signing in and out. The secret is checked by {@link ClientAuthenticator}, the token endpoint's own check, with its
 * throttle of wrong secrets per source address: the console is no second, weaker door. The sign-in form carries a
 * token that must equal the one in a short-lived SameSite=Strict cookie set with the form, so that another site
 * cannot sign a browser in to an account of its choosing.
 */
@Hidden
@RestController
class SignInController {

    static final String FORM_COOKIE = "paywire_console_sign_in";
    private static final Duration FORM_LIFETIME = Duration.ofHours(1);
    private static final Logger log = LoggerFactory.getLogger(SignInController.class);

    private final ClientAuthenticator authenticator;
    private final ConsoleSessions sessions;
    private final ConsolePages pages;

    SignInController(ClientAuthenticator authenticator, ConsoleSessions sessions, ConsolePages pages) {
        this.authenticator = authenticator;
        this.sessions = sessions;
        this.pages = pages;
    }

    @GetMapping(ConsoleGuard.SIGN_IN)
    ResponseEntity<String> form(@RequestParam(value = "ended", required = false) String ended,
                                @RequestParam(value = "signedOut", required = false) String signedOut,
                                HttpServletRequest request) {
        if (sessions.use(ConsoleGuard.cookie(request, ConsoleSessions.COOKIE)).isPresent()) {
            return ConsolePages.seeOther(ConsoleSessions.PATH);
        }
        return form(HttpStatus.OK, "", null, ended != null, signedOut != null);
    }

    @PostMapping(path = ConsoleGuard.SIGN_IN, consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    ResponseEntity<String> signIn(@RequestParam(value = "clientId", defaultValue = "") String clientId,
                                  @RequestParam(value = "clientSecret", defaultValue = "") String clientSecret,
                                  @RequestParam(value = "csrf", required = false) String csrf,
                                  HttpServletRequest request) {
        String formToken = ConsoleGuard.cookie(request, FORM_COOKIE);
        if (formToken == null || !ConsoleSessions.sameToken(formToken, csrf)) {
            log.warn("Security: a console sign-in form without its token was refused ({})", request.getRemoteAddr());
            return form(HttpStatus.FORBIDDEN, clientId, "This sign-in form has expired or was not sent from this "
                    + "page. Sign in again here (your browser must accept this site's cookies).", false, false);
        }
        Optional<ApiClient> client;
        try {
            client = authenticator.authenticate(clientId.strip(), clientSecret, request.getRemoteAddr());
        } catch (ClientAuthenticator.Throttled throttled) {
            long seconds = RetryAfter.seconds(throttled.retryAfter());
            ResponseEntity<String> page = form(HttpStatus.TOO_MANY_REQUESTS, clientId, "Too many wrong secrets were "
                    + "sent from your address. Try again in " + seconds + " seconds.", false, false);
            return ResponseEntity.status(page.getStatusCode()).headers(page.getHeaders())
                    .header(HttpHeaders.RETRY_AFTER, String.valueOf(seconds)).body(page.getBody());
        }
        if (client.isEmpty()) {
            return form(HttpStatus.BAD_REQUEST, clientId, "The client id or the secret is not right, or the client "
                    + "is disabled.", false, false);
        }
        sessions.end(ConsoleGuard.cookie(request, ConsoleSessions.COOKIE)); // never carry an old session over
        String id = sessions.start(client.get());
        log.info("Client {} signed in to the console", client.get().clientId());
        return ConsolePages.seeOther(ConsoleSessions.PATH, sessions.cookie(id),
                sessions.cookie(FORM_COOKIE, "", Duration.ZERO));
    }

    @PostMapping(path = "/console/sign-out")
    ResponseEntity<String> signOut(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                                   HttpServletRequest request) {
        sessions.end(ConsoleGuard.cookie(request, ConsoleSessions.COOKIE));
        log.info("Client {} signed out of the console", session.clientId());
        return ConsolePages.seeOther(ConsoleGuard.SIGN_IN + "?signedOut", sessions.ended());
    }

    /** The form with a new token, in its field and in the cookie it must match; the secret is never written back. */
    private ResponseEntity<String> form(HttpStatus status, String clientId, String error, boolean ended,
                                        boolean signedOut) {
        String token = ConsoleSessions.randomToken();
        Map<String, Object> model = new HashMap<>();
        model.put("clientId", clientId);
        model.put("error", error);
        model.put("ended", ended);
        model.put("notice", signedOut ? "You have signed out." : null);
        ResponseCookie cookie = sessions.cookie(FORM_COOKIE, token, FORM_LIFETIME);
        ResponseEntity<String> page = pages.page(status, "sign-in", null, token, model);
        return ResponseEntity.status(page.getStatusCode()).headers(page.getHeaders())
                .header(HttpHeaders.SET_COOKIE, cookie.toString()).body(page.getBody());
    }
}
