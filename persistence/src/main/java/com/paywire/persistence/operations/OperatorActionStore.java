package com.paywire.persistence.operations;

import com.paywire.vocabulary.operations.OperatorAction;
import com.paywire.vocabulary.operations.OperatorActionKind;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The operators' audit log (V42): one row per operator action that moved money. Written in the action's own
 * transaction, beside its ledger transfer, so the log and the money never disagree.
 */
@Repository
public class OperatorActionStore {

    private static final String COLUMNS =
            "id, action, subject, operator_id, client_id, amount, currency, reason, ledger_key, acted_at";

    private final JdbcClient jdbc;

    public OperatorActionStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Records the action unless its kind was done to its subject already. Answers whether this call inserted it; the
     * row that stands is {@link #find}'s.
     */
    public boolean record(OperatorActionKind action, String subject, String operatorId, String clientId,
                          BigDecimal amount, String currency, String reason, OffsetDateTime actedAt) {
        return jdbc.sql("""
                        insert into operator_actions (action, subject, operator_id, client_id, amount, currency, reason,
                            ledger_key, acted_at)
                        values (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        on conflict (action, subject) do nothing""")
                .params(action.name(), subject, operatorId, clientId, amount, currency, reason,
                        action.ledgerKey(subject), actedAt)
                .update() == 1;
    }

    public Optional<OperatorAction> find(OperatorActionKind action, String subject) {
        return jdbc.sql("select " + COLUMNS + " from operator_actions where action = ? and subject = ?")
                .params(action.name(), subject).query(OperatorActionStore::row).optional();
    }

    /** The newest actions first, of every kind, at most {@code limit}. */
    public List<OperatorAction> newest(int limit) {
        return jdbc.sql("select " + COLUMNS + " from operator_actions order by acted_at desc, id desc limit ?")
                .param(limit).query(OperatorActionStore::row).list();
    }

    private static OperatorAction row(ResultSet rs, int n) throws SQLException {
        return new OperatorAction(rs.getLong("id"), OperatorActionKind.valueOf(rs.getString("action")),
                rs.getString("subject"), rs.getString("operator_id"), rs.getString("client_id"),
                rs.getBigDecimal("amount"), rs.getString("currency"), rs.getString("reason"),
                rs.getString("ledger_key"), rs.getObject("acted_at", OffsetDateTime.class));
    }
}
