package com.paywire.workflows.cards;

import java.util.List;

/** A fraud screen's outcome; {@code id} is the screen's (FraudScreenId). */
public record FraudDecision(String id, Verdict decision, int score, List<String> reasons) {

    public enum Verdict {
        ACCEPT, REVIEW, REJECT
    }

    public boolean rejected() {
        return decision == Verdict.REJECT;
    }
}
