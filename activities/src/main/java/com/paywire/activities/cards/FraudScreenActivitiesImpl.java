package com.paywire.activities.cards;

import com.paywire.domain.cards.FraudScreen;
import com.paywire.vocabulary.cards.CardSummary;
import com.paywire.workflows.cards.CardAuthorisationCommand;
import com.paywire.workflows.cards.FraudDecision;
import com.paywire.workflows.cards.FraudScreenActivities;
import org.springframework.stereotype.Component;

@Component
public class FraudScreenActivitiesImpl implements FraudScreenActivities {

    private final FraudScreen fraud;

    public FraudScreenActivitiesImpl(FraudScreen fraud) {
        this.fraud = fraud;
    }

    @Override
    public FraudDecision screenAuthorisation(CardAuthorisationCommand c) {
        return fraud.screen(c.fraudScreenId(), c.clientId(), new CardSummary(c.processorInstrumentId(), c.network(),
                c.lastFour(), c.expiryMonth(), c.expiryYear()), c.amount(), c.currency(),
                c.fraudScreening().billingCountry());
    }
}
