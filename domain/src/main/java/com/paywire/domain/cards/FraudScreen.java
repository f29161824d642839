package com.paywire.domain.cards;

import com.paywire.vocabulary.cards.CardSummary;
import com.paywire.workflows.cards.FraudDecision;
import java.math.BigDecimal;

/**
 * Fraud screening of a card payment. Chosen by {@code paywire.cards.fraud-screen} (sandbox: Paywire's own
 * rules, {@link SandboxFraudScreen}).
 */
public interface FraudScreen {

    /**
     * Screens and records the screen under {@code screenId} (it counts for velocity). Idempotent: a screen of an
     * id already screened answers the recorded decision and counts no further.
     *
     * @param billingCountry the payer's billing country, or null when unknown
     */
    FraudDecision screen(String screenId, String clientId, CardSummary card, BigDecimal amount, String currency,
                         String billingCountry);
}
