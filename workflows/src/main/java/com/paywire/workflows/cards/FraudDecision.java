package com.paywire.workflows.cards;

import com.paywire.vocabulary.rules.cards.FraudVerdict;
import java.util.List;

/** A fraud screen's outcome; {@code id} is the screen's (FraudScreenId). */
public record FraudDecision(String id, FraudVerdict decision, int score, List<String> reasons) {

    public boolean rejected() {
        return decision == FraudVerdict.REJECT;
    }
}
