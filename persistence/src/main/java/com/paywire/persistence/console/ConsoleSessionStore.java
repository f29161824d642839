package com.paywire.persistence.console;

import com.paywire.vocabulary.console.ActiveSession;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The console's sessions (V30): one row per signed-in browser, keyed by the hash of the id its cookie holds. The
 * rows are shared by every API replica, so a session needs no sticky load balancing.
 */
@Repository
public class ConsoleSessionStore {

    private final JdbcClient jdbc;

    public ConsoleSessionStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(String idHash, String clientId, Instant now, Instant expiresAt) {
        jdbc.sql("""
                insert into console_sessions (id_hash, client_id, created_at, last_seen_at, expires_at)
                values (?, ?, ?, ?, ?)
                """).params(idHash, clientId, at(now), at(now), at(expiresAt)).update();
    }

    /**
     * The session, if it was seen after {@code idleSince}, has not reached its absolute end and its client is still
     * enabled; it is marked seen {@code now}. One statement, so that two replicas cannot disagree about it.
     */
    public Optional<ActiveSession> use(String idHash, Instant idleSince, Instant now) {
        return jdbc.sql("""
                update console_sessions s set last_seen_at = :now
                from clients c
                where s.id_hash = :idHash and c.client_id = s.client_id and c.enabled
                  and s.last_seen_at > :idleSince and s.expires_at > :now
                returning s.client_id, c.name, c.scopes, s.created_at, s.expires_at
                """).param("idHash", idHash).param("idleSince", at(idleSince)).param("now", at(now))
                .query((rs, n) -> new ActiveSession(rs.getString("client_id"), rs.getString("name"),
                        new LinkedHashSet<>(Arrays.asList(rs.getString("scopes").trim().split("\\s+"))),
                        rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                        rs.getObject("expires_at", OffsetDateTime.class).toInstant()))
                .optional();
    }

    public void delete(String idHash) {
        jdbc.sql("delete from console_sessions where id_hash = ?").param(idHash).update();
    }

    /** Forgets the sessions that ended by being idle or reaching their end; @return how many */
    public int deleteEnded(Instant idleSince, Instant now) {
        return jdbc.sql("delete from console_sessions where last_seen_at <= ? or expires_at <= ?")
                .params(at(idleSince), at(now)).update();
    }

    private static OffsetDateTime at(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }
}
