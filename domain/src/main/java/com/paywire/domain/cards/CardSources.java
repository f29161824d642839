package com.paywire.domain.cards;

import com.paywire.domain.InvalidInputException;
import com.paywire.persistence.cards.CardStore;
import com.paywire.vocabulary.cards.CardSummary;
import com.paywire.vocabulary.cards.SavedCard;
import com.paywire.vocabulary.rules.FieldProblem;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Turns "exactly one of TransientToken or PaymentInstrumentId" into the card it names; in the sandbox, a
 * TransientToken may also be one of the {@link SandboxTestTokens}.
 */
@Component
public class CardSources {

    private final CardStore cards;
    private final SandboxTestTokens testTokens;
    private final Clock clock;

    public CardSources(CardStore cards, SandboxTestTokens testTokens, Clock clock) {
        this.cards = cards;
        this.testTokens = testTokens;
        this.clock = clock;
    }

    /**
     * What a call does to a transient token, which is single use: paying or saving uses it up, looking does not (a
     * sandbox test token is never used up).
     * An authorisation uses it up in its own name, so that the same authorisation retried may use it again.
     */
    public record TokenUse(boolean useUp, String usedBy) {
        public static final TokenUse LOOK = new TokenUse(false, null);
        public static final TokenUse ONCE = new TokenUse(true, null);

        public static TokenUse forAuthorisation(String authorisationId) {
            return new TokenUse(true, authorisationId);
        }
    }

    /** @throws InvalidInputException naming TransientToken or PaymentInstrumentId */
    public CardSummary resolve(String clientId, String transientToken, String paymentInstrumentId, TokenUse use) {
        boolean hasToken = transientToken != null && !transientToken.isBlank();
        boolean hasInstrument = paymentInstrumentId != null && !paymentInstrumentId.isBlank();
        if (hasToken == hasInstrument) {
            throw new InvalidInputException(null, List.of(
                    new FieldProblem("TransientToken", "Exactly one of TransientToken or PaymentInstrumentId is required."),
                    new FieldProblem("PaymentInstrumentId", "Exactly one of TransientToken or PaymentInstrumentId is required.")));
        }
        if (hasInstrument) {
            return cards.findCard(clientId, paymentInstrumentId).map(SavedCard::card)
                    .orElseThrow(() -> InvalidInputException.of(null, "PaymentInstrumentId",
                            "No saved card with that PaymentInstrumentId."));
        }
        Optional<CardSummary> testCard = testTokens.card(transientToken);
        if (testCard.isPresent()) {
            return testCard.get();
        }
        OffsetDateTime now = OffsetDateTime.now(clock);
        Optional<CardSummary> card = use.useUp() ? cards.redeemTransientToken(clientId, transientToken, use.usedBy(), now)
                : cards.peekTransientToken(clientId, transientToken, now);
        return card.orElseThrow(() -> InvalidInputException.of(null, "TransientToken",
                "The TransientToken is unknown, expired or already used."));
    }
}
