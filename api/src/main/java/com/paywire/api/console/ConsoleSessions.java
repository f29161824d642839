package com.paywire.api.console;

import com.paywire.domain.console.SignedInSessions;
import com.paywire.vocabulary.clients.ApiClient;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;
import org.springframework.http.ResponseCookie;
import org.springframework.stereotype.Component;

/**
 * Console sessions: a random id in an HttpOnly, SameSite=Strict cookie (Secure outside the local profile), its
 * SHA-256 in {@code console_sessions} ({@link SignedInSessions}), which every API replica reads. A row in the database, not an HTTP session in
 * one replica's memory nor a signed cookie: any replica serves the next request without sticky load balancing, and
 * signing out or disabling the client ends the session at once everywhere, which a self-contained cookie could not.
 * The CSRF token of the session's forms is derived from its id (HMAC-SHA256 keyed with the id), so it is bound to the
 * session, needs no storage, and does not reveal the id.
 */
@Component
public class ConsoleSessions {

    static final String COOKIE = "paywire_console";
    static final String PATH = "/console";
    private static final int ID_BYTES = 32;
    private static final byte[] CSRF_LABEL = "paywire console form".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SignedInSessions sessions;
    private final ConsoleProperties properties;
    private final boolean secureCookies;

    ConsoleSessions(SignedInSessions sessions, ConsoleProperties properties, Environment environment) {
        this.sessions = sessions;
        this.properties = properties;
        this.secureCookies = !environment.acceptsProfiles(Profiles.of("local"));
    }

    /** A new session of the client; @return the id its cookie carries */
    public String start(ApiClient client) {
        String id = randomToken();
        sessions.start(id, client.clientId(), properties.lifetime(), properties.idleTimeout());
        return id;
    }

    /** The session of this cookie's id, if it is still on; a request to it counts as activity. */
    public Optional<ConsoleSession> use(String id) {
        if (id == null || id.isEmpty()) {
            return Optional.empty();
        }
        return sessions.use(id, properties.idleTimeout())
                .map(s -> new ConsoleSession(s.clientId(), s.clientName(), s.scopes(), csrfToken(id)));
    }

    public void end(String id) {
        if (id != null && !id.isEmpty()) {
            sessions.end(id);
        }
    }

    /** The cookie of a new session; a browser keeps it no longer than the session's lifetime. */
    ResponseCookie cookie(String id) {
        return cookie(COOKIE, id, properties.lifetime());
    }

    /** Tells the browser to forget the session's cookie. */
    ResponseCookie ended() {
        return cookie(COOKIE, "", Duration.ZERO);
    }

    /** A cookie of the console's: HttpOnly, SameSite=Strict, Path=/console, Secure outside the local profile. */
    ResponseCookie cookie(String name, String value, Duration maxAge) {
        return ResponseCookie.from(name, value).httpOnly(true).sameSite("Strict").secure(secureCookies).path(PATH)
                .maxAge(maxAge).build();
    }

    /** The token the session's forms carry: HMAC-SHA256 of a fixed label, keyed with the session's id. */
    static String csrfToken(String id) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(id.getBytes(StandardCharsets.US_ASCII), "HmacSHA256"));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(CSRF_LABEL));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /** Whether a form's token is the session's, compared in constant time. */
    static boolean sameToken(String expected, String given) {
        return given != null && MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                given.getBytes(StandardCharsets.US_ASCII));
    }

    /** 256 random bits, URL-safe. */
    static String randomToken() {
        byte[] bytes = new byte[ID_BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
