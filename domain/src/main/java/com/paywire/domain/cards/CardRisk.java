package com.paywire.domain.cards;

import com.paywire.domain.cards.CardSources.TokenUse;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.vocabulary.cards.CardSummary;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.workflows.cards.CardEvents.FraudRejected;
import com.paywire.workflows.cards.FraudDecision;
import java.math.BigDecimal;
import org.springframework.stereotype.Service;

/** 3-D Secure and fraud screening asked for on their own, before a payment; they look at a token, never use it. */
@Service
public class CardRisk {

    private final CardSources sources;
    private final PayerAuthentication authentication;
    private final FraudScreen fraud;
    private final EventPublisher events;

    public CardRisk(CardSources sources, PayerAuthentication authentication, FraudScreen fraud, EventPublisher events) {
        this.sources = sources;
        this.authentication = authentication;
        this.fraud = fraud;
        this.events = events;
    }

    public PayerAuthentication.Setup setupAuthentication(String clientId, String transientToken,
                                                         String paymentInstrumentId) {
        return authentication.setup(clientId, sources.resolve(clientId, transientToken, paymentInstrumentId, TokenUse.LOOK));
    }

    public PayerAuthentication.Enrolment checkEnrolment(String clientId, String referenceId, BigDecimal amount,
                                                        String currency) {
        return authentication.checkEnrolment(clientId, referenceId, amount, currency);
    }

    public PayerAuthentication.Result validateAuthentication(String clientId, String payerAuthenticationId) {
        return authentication.validate(clientId, payerAuthenticationId);
    }

    /** A new screen each call (it counts for velocity); a rejection publishes fraud.rejected. */
    public FraudDecision screen(String clientId, String transientToken, String paymentInstrumentId, BigDecimal amount,
                                String currency, String billingCountry) {
        CardSummary card = sources.resolve(clientId, transientToken, paymentInstrumentId, TokenUse.LOOK);
        FraudDecision decision = fraud.screen(CardIds.newFraudScreen(), clientId, card, amount, currency, billingCountry);
        if (decision.rejected()) {
            events.publishNow(clientId, EventType.FRAUD_REJECTED.wireName(), decision.id(), FraudRejected.of(decision, null));
        }
        return decision;
    }
}
