package com.paywire.vocabulary.operations;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * One row of the operators' audit log: an operator's action that moved money.
 *
 * @param subject    what it acted on: an entry reference or a receipt, by {@link OperatorActionKind}
 * @param operatorId the operator client that acted
 * @param clientId   the client whose account the money reached, null when it reached none (a return to a payer)
 * @param ledgerKey  the key the money moved under
 */
public record OperatorAction(long id, OperatorActionKind action, String subject, String operatorId, String clientId,
                             BigDecimal amount, String currency, String reason, String ledgerKey,
                             OffsetDateTime actedAt) {
}
