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

    /**
     * The processor never answered about the capture or refund: it is referred to operators, listed in their
     * unconfirmed-payments queue until one resolves it. Writing it again changes nothing.
     *
     * @param unconfirmedSinceMillis since when its outcome has been unknown (when it was asked)
     * @param referredAtMillis       when it was referred
     */
    void referToOperators(String transactionId, long unconfirmedSinceMillis, long referredAtMillis);
}
