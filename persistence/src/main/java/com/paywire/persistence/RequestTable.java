package com.paywire.persistence;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The table of one kind of client request that the API records first and hands to Temporal second (the outbox):
 * found by Paywire's id or by the client's own key, locked for a change, and swept while not yet started. Every
 * such table has the columns {@code id}, {@code client_id}, its client-key column (unique per client),
 * {@code workflow_started} and {@code created_at}.
 *
 * <p>A store whose main table is such a table extends this class and adds its own queries; a store with another
 * main table holds one instead ({@code PayoutStore}'s payment orders).
 */
public class RequestTable<T> {

    protected final JdbcClient jdbc;
    private final RowMapper<T> rows;
    private final String noun;
    private final String byId;
    private final String byClientKey;
    private final String lockById;
    private final String unstarted;
    private final String markStarted;

    /**
     * @param table          the table's name
     * @param clientKeyColumn the column of the client's own id of the request (originator_conversation_id,
     *                       system_trace_audit_number)
     * @param noun           what one row is, for the failure of {@link #lock} ("KYC request")
     * @param rows           reads one row
     */
    public RequestTable(JdbcClient jdbc, String table, String clientKeyColumn, String noun, RowMapper<T> rows) {
        this.jdbc = jdbc;
        this.rows = rows;
        this.noun = noun;
        this.byId = "select * from " + table + " where id = ?";
        this.byClientKey = "select * from " + table + " where client_id = ? and " + clientKeyColumn + " = ?";
        this.lockById = "select * from " + table + " where id = ? for update";
        this.unstarted = "select * from " + table
                + " where not workflow_started and created_at < ? order by created_at limit ?";
        this.markStarted = "update " + table + " set workflow_started = true where id = ?";
    }

    public Optional<T> find(UUID id) {
        return jdbc.sql(byId).param(id).query(rows).optional();
    }

    /** The client's request under its own key; another client's is not found. */
    public Optional<T> find(String clientId, String clientKey) {
        return jdbc.sql(byClientKey).params(clientId, clientKey).query(rows).optional();
    }

    /**
     * The request, locked until the caller's transaction ends.
     *
     * @throws InvariantViolationException when there is none: the caller was handed its id by Paywire
     */
    public T lock(UUID id) {
        return jdbc.sql(lockById).param(id).query(rows).optional()
                .orElseThrow(() -> new InvariantViolationException("no " + noun + " " + id));
    }

    /** The outbox's stragglers: requests accepted before the cut-off whose workflow was not started, oldest first. */
    public List<T> findUnstarted(OffsetDateTime acceptedBefore, int limit) {
        return jdbc.sql(unstarted).params(acceptedBefore, limit).query(rows).list();
    }

    public void markWorkflowStarted(UUID id) {
        jdbc.sql(markStarted).param(id).update();
    }
}
