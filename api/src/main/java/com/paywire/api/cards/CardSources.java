package com.paywire.api.cards;

import com.paywire.api.errors.ErrorBodies.FieldError;
import com.paywire.api.errors.FieldErrorsException;
import com.paywire.persistence.cards.CardStore;
import com.paywire.persistence.cards.CardSummary;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** Turns "exactly one of TransientToken or PaymentInstrumentId" into the card it names. */
@Component
class CardSources {

    private final CardStore cards;
    private final Clock clock;

    CardSources(CardStore cards, Clock clock) {
        this.cards = cards;
        this.clock = clock;
    }

    /**
     * What a call does to a transient token, which is single use: paying or saving uses it up, looking does not.
     * An authorisation uses it up in its own name, so that the same authorisation retried may use it again.
     */
    record TokenUse(boolean useUp, String usedBy) {
        static final TokenUse LOOK = new TokenUse(false, null);
        static final TokenUse ONCE = new TokenUse(true, null);

        static TokenUse forAuthorisation(String authorisationId) {
            return new TokenUse(true, authorisationId);
        }
    }

    /** @param prefix the JSON path before the field names, for error messages ("Transaction." or "") */
    CardSummary resolve(String clientId, String transientToken, String paymentInstrumentId, String prefix, TokenUse use) {
        boolean hasToken = transientToken != null && !transientToken.isBlank();
        boolean hasInstrument = paymentInstrumentId != null && !paymentInstrumentId.isBlank();
        if (hasToken == hasInstrument) {
            throw new FieldErrorsException(null, List.of(
                    new FieldError(prefix + "TransientToken", "Exactly one of TransientToken or PaymentInstrumentId is required."),
                    new FieldError(prefix + "PaymentInstrumentId", "Exactly one of TransientToken or PaymentInstrumentId is required.")));
        }
        if (hasInstrument) {
            return cards.findCard(clientId, paymentInstrumentId).map(CardStore.SavedCard::card)
                    .orElseThrow(() -> FieldErrorsException.of(null, prefix + "PaymentInstrumentId",
                            "No saved card with that PaymentInstrumentId."));
        }
        OffsetDateTime now = OffsetDateTime.now(clock);
        Optional<CardSummary> card = use.useUp() ? cards.redeemTransientToken(clientId, transientToken, use.usedBy(), now)
                : cards.peekTransientToken(clientId, transientToken, now);
        return card.orElseThrow(() -> FieldErrorsException.of(null, prefix + "TransientToken",
                "The TransientToken is unknown, expired or already used."));
    }
}
