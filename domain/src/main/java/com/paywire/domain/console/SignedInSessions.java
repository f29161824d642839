package com.paywire.domain.console;

import com.paywire.domain.platform.WallClock;
import com.paywire.persistence.console.ConsoleSessionStore;
import com.paywire.vocabulary.console.ActiveSession;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * The console's signed-in sessions, a row each in {@code console_sessions}, which every API replica reads. A row is
 * found by the SHA-256 of the session's id, never the id itself, so that the table alone signs nobody in. A
 * session ends when idle too long, at the end of its lifetime, when its client is disabled, or when signed out;
 * the ended ones are cleared as new ones start.
 */
@Service
public class SignedInSessions {

    private final ConsoleSessionStore store;
    private final Clock clock;

    SignedInSessions(ConsoleSessionStore store, @WallClock Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** Records a new session of the client under this id, to last at most {@code lifetime}. */
    public void start(String id, String clientId, Duration lifetime, Duration idleTimeout) {
        Instant now = clock.instant();
        store.deleteEnded(now.minus(idleTimeout), now);
        store.insert(hash(id), clientId, now, now.plus(lifetime));
    }

    /** The session of this id, if it is still on; this use of it counts as activity. */
    public Optional<ActiveSession> use(String id, Duration idleTimeout) {
        Instant now = clock.instant();
        return store.use(hash(id), now.minus(idleTimeout), now);
    }

    public void end(String id) {
        store.delete(hash(id));
    }

    private static String hash(String id) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(id.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
