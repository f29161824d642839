package com.paywire.domain.cards;

import com.paywire.persistence.cards.CardStore;
import com.paywire.vocabulary.cards.CardSummary;
import com.paywire.vocabulary.rules.cards.FraudRules;
import com.paywire.vocabulary.rules.cards.FraudVerdict;
import com.paywire.workflows.cards.FraudDecision;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * The sandbox's screen: gathers what {@link FraudRules} look at (the card's and the client's recent screens from the
 * store, the card's issuing country), lets them decide, and records the screen.
 */
class SandboxFraudScreen implements FraudScreen {

    private final CardStore cards;
    private final Clock clock;

    SandboxFraudScreen(CardStore cards, Clock clock) {
        this.cards = cards;
        this.clock = clock;
    }

    @Override
    public FraudDecision screen(String screenId, String clientId, CardSummary card, BigDecimal amount,
                                String currency, String billingCountry) {
        var earlier = cards.findFraudScreen(clientId, screenId);
        if (earlier.isPresent()) {
            return decision(earlier.get());
        }
        OffsetDateTime now = OffsetDateTime.now(clock);
        FraudRules.Outcome outcome = FraudRules.decide(new FraudRules.Facts(amount,
                cards.screensSince(clientId, card.processorInstrumentId(), now.minus(FraudRules.CARD_WINDOW)),
                cards.screensSince(clientId, null, now.minus(FraudRules.CLIENT_WINDOW)),
                billingCountry, issuingCountry(card)));
        cards.saveFraudScreen(new CardStore.FraudScreenRecord(screenId, card.processorInstrumentId(), amount,
                currency, outcome.verdict().name(), outcome.score(), String.join(",", outcome.reasons())), clientId);
        // a screen of the same id that raced this one and was recorded first is the answer
        return decision(cards.findFraudScreen(clientId, screenId).orElseThrow());
    }

    private static FraudDecision decision(CardStore.FraudScreenRecord screen) {
        return new FraudDecision(screen.id(), FraudVerdict.valueOf(screen.decision()), screen.score(),
                screen.reasons().isEmpty() ? List.of() : List.of(screen.reasons().split(",")));
    }

    /** The sandbox's issuing countries: Visa and Mastercard test cards are US cards, Amex ones KE. */
    static String issuingCountry(CardSummary card) {
        return "AMEX".equals(card.network()) ? "KE" : "US";
    }
}
