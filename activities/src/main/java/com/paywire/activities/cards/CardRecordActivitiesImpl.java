package com.paywire.activities.cards;

import com.paywire.persistence.cards.CardTransactionStore;
import com.paywire.vocabulary.cards.CardTransaction;
import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.cards.CardTransactionType;
import com.paywire.workflows.cards.AuthorisationResult;
import com.paywire.workflows.cards.CardAuthorisationCommand;
import com.paywire.workflows.cards.CardOperation;
import com.paywire.workflows.cards.CardRecordActivities;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.springframework.stereotype.Component;

@Component
public class CardRecordActivitiesImpl implements CardRecordActivities {

    private final CardTransactionStore transactions;

    public CardRecordActivitiesImpl(CardTransactionStore transactions) {
        this.transactions = transactions;
    }

    @Override
    public void recordAuthorisation(CardAuthorisationCommand c, AuthorisationResult r) {
        transactions.save(new CardTransaction(c.authorisationId(), c.clientId(), CardTransactionType.AUTHORISATION,
                r.status(),
                c.authorisationId(), null, c.requestId(), c.requestId(), c.amount(), c.currency(), c.network(),
                c.lastFour(), c.expiryMonth(), c.expiryYear(), r.processorTransactionId(), r.responseCode(),
                r.avsCode(), r.cvnCode(), r.errorCode(), r.errorMessage(), c.fraudScreenId(),
                c.payerAuthenticationId(), at(c.createdAtMillis())));
    }

    @Override
    public void recordOperation(String clientId, String authorisationId, CardTransactionType type,
                                CardOperation operation, CardTransactionStatus status, String processorTransactionId) {
        CardTransaction authorisation = transactions.find(clientId, authorisationId).orElseThrow();
        transactions.save(new CardTransaction(operation.id(), clientId, type, status,
                authorisationId,
                operation.captureId(), authorisation.orderId(), operation.requestId(), operation.amount(),
                authorisation.currency(), authorisation.network(), authorisation.lastFour(),
                authorisation.expiryMonth(), authorisation.expiryYear(), processorTransactionId, null, null, null,
                null, null, null, null, at(operation.requestedAtMillis())));
    }

    @Override
    public void updateStatus(String transactionId, CardTransactionStatus status) {
        transactions.setStatus(transactionId, status);
    }

    @Override
    public void referToOperators(String transactionId, long unconfirmedSinceMillis, long referredAtMillis) {
        transactions.refer(transactionId, at(unconfirmedSinceMillis), at(referredAtMillis));
    }

    private static OffsetDateTime at(long millis) {
        return OffsetDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC);
    }
}
