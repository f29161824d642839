package com.paywire.vocabulary.rules.cards;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Paywire's fraud rules (docs/cards-and-checkout.md#card-payments), as a decision over facts the screen gathers first:
 * <ul>
 *   <li>AMOUNT_OVER_LIMIT: more than 10,000.00 in one payment: REJECT.</li>
 *   <li>HIGH_AMOUNT: more than 2,000.00: +40.</li>
 *   <li>CARD_VELOCITY: this card screened 3 times already in the last 10 minutes: REJECT.</li>
 *   <li>CLIENT_VELOCITY: the client screened 100 payments in the last minute: +30.</li>
 *   <li>BILLING_COUNTRY_MISMATCH: the billing country is not the card's issuing country: +30.</li>
 * </ul>
 * A score of 60 or more rejects, 30 or more asks for review, less accepts. Plain code: no store, no clock.
 */
public final class FraudRules {

    static final BigDecimal HARD_LIMIT = new BigDecimal("10000.00");
    static final BigDecimal HIGH_AMOUNT = new BigDecimal("2000.00");
    /** The card's velocity counts its screens in this window before now... */
    public static final Duration CARD_WINDOW = Duration.ofMinutes(10);
    /** ...and rejects from this many. */
    static final int CARD_SCREENS = 3;
    public static final Duration CLIENT_WINDOW = Duration.ofMinutes(1);
    static final int CLIENT_SCREENS = 100;

    private FraudRules() {
    }

    /**
     * What the rules look at.
     *
     * @param cardScreens    the card's screens in the last {@link #CARD_WINDOW}, this one not counted
     * @param clientScreens  the client's screens in the last {@link #CLIENT_WINDOW}, this one not counted
     * @param billingCountry the payer's billing country, or null when unknown
     */
    public record Facts(BigDecimal amount, int cardScreens, int clientScreens, String billingCountry,
                 String issuingCountry) {
    }

    public record Outcome(FraudVerdict verdict, int score, List<String> reasons) {
    }

    public static Outcome decide(Facts facts) {
        List<String> reasons = new ArrayList<>();
        int score = 0;
        boolean hard = false;
        if (facts.amount().compareTo(HARD_LIMIT) > 0) {
            reasons.add("AMOUNT_OVER_LIMIT");
            hard = true;
        } else if (facts.amount().compareTo(HIGH_AMOUNT) > 0) {
            reasons.add("HIGH_AMOUNT");
            score += 40;
        }
        if (facts.cardScreens() >= CARD_SCREENS) {
            reasons.add("CARD_VELOCITY");
            hard = true;
        }
        if (facts.clientScreens() >= CLIENT_SCREENS) {
            reasons.add("CLIENT_VELOCITY");
            score += 30;
        }
        if (facts.billingCountry() != null && !facts.billingCountry().equalsIgnoreCase(facts.issuingCountry())) {
            reasons.add("BILLING_COUNTRY_MISMATCH");
            score += 30;
        }
        FraudVerdict verdict = hard || score >= 60 ? FraudVerdict.REJECT : score >= 30 ? FraudVerdict.REVIEW : FraudVerdict.ACCEPT;
        return new Outcome(verdict, score, List.copyOf(reasons));
    }
}
