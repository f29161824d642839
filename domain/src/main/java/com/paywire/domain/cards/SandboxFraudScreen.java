package com.paywire.domain.cards;

import com.paywire.persistence.cards.CardStore;
import com.paywire.persistence.cards.CardSummary;
import com.paywire.workflows.cards.FraudDecision;
import com.paywire.workflows.cards.FraudDecision.Verdict;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Paywire's fraud rules (docs/cards-and-checkout.md#card-payments):
 * <ul>
 *   <li>AMOUNT_OVER_LIMIT: more than 10,000.00 in one payment: REJECT.</li>
 *   <li>HIGH_AMOUNT: more than 2,000.00: +40.</li>
 *   <li>CARD_VELOCITY: this card screened 3 times already in the last 10 minutes: REJECT.</li>
 *   <li>CLIENT_VELOCITY: the client screened 100 payments in the last minute: +30.</li>
 *   <li>BILLING_COUNTRY_MISMATCH: the billing country is not the card's issuing country: +30.</li>
 * </ul>
 * A score of 60 or more rejects, 30 or more asks for review, less accepts.
 */
class SandboxFraudScreen implements FraudScreen {

    static final BigDecimal HARD_LIMIT = new BigDecimal("10000.00");
    static final BigDecimal HIGH_AMOUNT = new BigDecimal("2000.00");

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
        List<String> reasons = new ArrayList<>();
        int score = 0;
        boolean hard = false;
        if (amount.compareTo(HARD_LIMIT) > 0) {
            reasons.add("AMOUNT_OVER_LIMIT");
            hard = true;
        } else if (amount.compareTo(HIGH_AMOUNT) > 0) {
            reasons.add("HIGH_AMOUNT");
            score += 40;
        }
        if (cards.screensSince(clientId, card.processorInstrumentId(), now.minus(Duration.ofMinutes(10))) >= 3) {
            reasons.add("CARD_VELOCITY");
            hard = true;
        }
        if (cards.screensSince(clientId, null, now.minus(Duration.ofMinutes(1))) >= 100) {
            reasons.add("CLIENT_VELOCITY");
            score += 30;
        }
        if (billingCountry != null && !billingCountry.equalsIgnoreCase(issuingCountry(card))) {
            reasons.add("BILLING_COUNTRY_MISMATCH");
            score += 30;
        }
        Verdict verdict = hard || score >= 60 ? Verdict.REJECT : score >= 30 ? Verdict.REVIEW : Verdict.ACCEPT;
        cards.saveFraudScreen(new CardStore.FraudScreenRecord(screenId, card.processorInstrumentId(), amount,
                currency, verdict.name(), score, String.join(",", reasons)), clientId);
        // a screen of the same id that raced this one and was recorded first is the answer
        return decision(cards.findFraudScreen(clientId, screenId).orElseThrow());
    }

    private static FraudDecision decision(CardStore.FraudScreenRecord screen) {
        return new FraudDecision(screen.id(), Verdict.valueOf(screen.decision()), screen.score(),
                screen.reasons().isEmpty() ? List.of() : List.of(screen.reasons().split(",")));
    }

    /** The sandbox's issuing countries: Visa and Mastercard test cards are US cards, Amex ones KE. */
    static String issuingCountry(CardSummary card) {
        return "AMEX".equals(card.network()) ? "KE" : "US";
    }
}
