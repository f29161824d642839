package com.paywire.domain.operations;

import com.paywire.persistence.operations.OperatorActionStore;
import com.paywire.vocabulary.operations.OperatorAction;
import com.paywire.vocabulary.operations.OperatorActionKind;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
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
        boolean inserted = store.record(kind, subject, operatorId, clientId, amount, currency, reason,
                OffsetDateTime.now(clock));
        return new Recorded(store.find(kind, subject).orElseThrow(), inserted);
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
