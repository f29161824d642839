package com.paywire.vocabulary.rules.cards;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.rules.cards.FraudRules.Facts;
import com.paywire.vocabulary.rules.cards.FraudRules.Outcome;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fraud rules as a decision over facts: thresholds and their edges, scores and how they add up. */
class FraudRulesTest {

    static Outcome decide(String amount, int cardScreens, int clientScreens, String billingCountry) {
        return FraudRules.decide(new Facts(new BigDecimal(amount), cardScreens, clientScreens, billingCountry, "US"));
    }

    @Test
    void givenAnOrdinaryPayment_itShouldBeAccepted_withNoReason() {
        assertThat(decide("100.00", 0, 0, "US")).isEqualTo(new Outcome(FraudVerdict.ACCEPT, 0, List.of()));
    }

    @Test
    void givenTheHardLimitExactly_itShouldNotReject_butACentMoreShould() {
        assertThat(decide("10000.00", 0, 0, null).reasons()).containsExactly("HIGH_AMOUNT");
        Outcome over = decide("10000.01", 0, 0, null);
        assertThat(over.verdict()).isEqualTo(FraudVerdict.REJECT);
        assertThat(over.reasons()).containsExactly("AMOUNT_OVER_LIMIT");
        assertThat(over.score()).as("a hard rule adds no score").isZero();
    }

    @Test
    void givenTheHighAmountExactly_itShouldAccept_butACentMoreShouldAskForReview() {
        assertThat(decide("2000.00", 0, 0, null).verdict()).isEqualTo(FraudVerdict.ACCEPT);
        Outcome high = decide("2000.01", 0, 0, null);
        assertThat(high).isEqualTo(new Outcome(FraudVerdict.REVIEW, 40, List.of("HIGH_AMOUNT")));
    }

    @Test
    void givenACardScreenedTwiceInItsWindow_itShouldPass_butAThirdScreenShouldReject() {
        assertThat(decide("10.00", 2, 0, null).verdict()).isEqualTo(FraudVerdict.ACCEPT);
        Outcome third = decide("10.00", 3, 0, null);
        assertThat(third.verdict()).isEqualTo(FraudVerdict.REJECT);
        assertThat(third.reasons()).containsExactly("CARD_VELOCITY");
    }

    @Test
    void givenAClientAtAHundredScreensInAMinute_itShouldScoreThirty_ninetyNineNothing() {
        assertThat(decide("10.00", 0, 99, null).score()).isZero();
        assertThat(decide("10.00", 0, 100, null))
                .isEqualTo(new Outcome(FraudVerdict.REVIEW, 30, List.of("CLIENT_VELOCITY")));
    }

    @Test
    void givenABillingCountryOtherThanTheIssuers_itShouldScoreThirty_inAnyLetterCaseTheSameCountryNothing() {
        assertThat(decide("10.00", 0, 0, "us").score()).isZero();
        assertThat(decide("10.00", 0, 0, null).score()).as("unknown billing country").isZero();
        assertThat(decide("10.00", 0, 0, "KE").reasons()).containsExactly("BILLING_COUNTRY_MISMATCH");
    }

    @Test
    void givenScoresAddingUpToSixty_itShouldReject() {
        Outcome highAndAbroad = decide("2500.00", 0, 0, "KE");
        assertThat(highAndAbroad).isEqualTo(new Outcome(FraudVerdict.REJECT, 70,
                List.of("HIGH_AMOUNT", "BILLING_COUNTRY_MISMATCH")));
        assertThat(decide("10.00", 0, 100, "KE").verdict()).as("30 + 30").isEqualTo(FraudVerdict.REJECT);
    }

    @Test
    void givenEveryRuleAtOnce_allReasonsShouldBeGiven_inTheRulesOrder() {
        assertThat(decide("20000.00", 5, 150, "GB").reasons())
                .containsExactly("AMOUNT_OVER_LIMIT", "CARD_VELOCITY", "CLIENT_VELOCITY", "BILLING_COUNTRY_MISMATCH");
    }
}
