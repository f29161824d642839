package com.paywire.domain.operations;

import com.paywire.persistence.operations.OperatorActionStore;
import com.paywire.vocabulary.operations.OperatorAction;
import com.paywire.vocabulary.operations.OperatorActionKind;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * The operators' audit log. An operator action that moves money records itself here in the transaction that moves
 * the money ({@link #record}), so the log holds exactly the actions whose money moved; the log's answer says
 * whether this call is the one that acted, or an earlier one did.
 */
@Service
public class OperatorActions {

    private final OperatorActionStore store;
    private final Clock clock;

    public OperatorActions(OperatorActionStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** What was recorded for the action's kind and subject: this call's row, or the one an earlier call wrote. */
    public Recorded record(OperatorActionKind kind, String subject, String operatorId, String clientId,
                           BigDecimal amount, String currency, String reason) {
        // PostgreSQL keeps microseconds: a clock finer than that would make this call's row look like another's
        OffsetDateTime now = OffsetDateTime.now(clock).truncatedTo(ChronoUnit.MICROS);
        OperatorAction standing = store.record(kind, subject, operatorId, clientId, amount, currency, reason, now);
        boolean thisCall = standing.operatorId().equals(operatorId) && standing.reason().equals(reason)
                && Objects.equals(standing.clientId(), clientId) && standing.actedAt().isEqual(now);
        return new Recorded(standing, thisCall);
    }

    public Optional<OperatorAction> find(OperatorActionKind kind, String subject) {
        return store.find(kind, subject);
    }

    /** The newest first, at most {@code limit}. */
    public List<OperatorAction> newest(int limit) {
        return store.newest(limit);
    }

    /**
     * @param byThisCall whether this call wrote it; false when the subject was acted on before, so the caller moves
     *                   no money and answers what stands
     */
    public record Recorded(OperatorAction action, boolean byThisCall) {
    }
}
