package com.paywire.domain.cards;

import com.paywire.domain.InvalidInputException;
import com.paywire.persistence.cards.CardStore;
import com.paywire.vocabulary.cards.CardSummary;
import com.paywire.vocabulary.cards.SavedCard;
import java.util.Optional;
import org.springframework.stereotype.Service;

/** Cards a client keeps to pay with again, each under a PaymentInstrumentId; saving one uses up its transient token. */
@Service
public class SavedCards {

    private final CardStore cards;
    private final CardSources sources;

    SavedCards(CardStore cards, CardSources sources) {
        this.cards = cards;
        this.sources = sources;
    }

    /**
     * @param billingAddressJson the payer's billing address as JSON, or null
     * @throws InvalidInputException when the transient token is unknown, expired or used
     */
    public SavedCard save(String clientId, String transientToken, String billingAddressJson) {
        CardSummary card = sources.resolve(clientId, transientToken, null, CardSources.TokenUse.ONCE);
        String id = "pi_" + CardIds.randomHex(16);
        cards.saveCard(id, clientId, card, billingAddressJson);
        return cards.findCard(clientId, id).orElseThrow();
    }

    public Optional<SavedCard> find(String clientId, String paymentInstrumentId) {
        return cards.findCard(clientId, paymentInstrumentId);
    }

    /** @return false when the client has no such card (any more) */
    public boolean delete(String clientId, String paymentInstrumentId) {
        return cards.deleteCard(clientId, paymentInstrumentId);
    }
}
