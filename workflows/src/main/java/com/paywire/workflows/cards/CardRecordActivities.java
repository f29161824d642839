package com.paywire.workflows.cards;

import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.cards.CardTransactionType;
import io.temporal.activity.ActivityInterface;

/** The card transactions read model. Each write replaces the row of the same id: retries are harmless. */
@ActivityInterface
public interface CardRecordActivities {

    void recordAuthorisation(CardAuthorisationCommand command, AuthorisationResult result);

    void recordOperation(String clientId, String authorisationId, CardTransactionType type, CardOperation operation,
                         CardTransactionStatus status, String processorTransactionId);

    void updateStatus(String transactionId, CardTransactionStatus status);
}
