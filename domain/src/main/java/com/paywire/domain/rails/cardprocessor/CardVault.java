package com.paywire.domain.rails.cardprocessor;

/** Where card numbers are kept: the one place a card number goes. Paywire keeps only the reference it answers. */
public interface CardVault {

    /**
     * Keeps the card; answers the vault's reference to it (the processor instrument id).
     *
     * @throws com.paywire.domain.UnavailableException when the vault does not answer
     */
    String vault(CardDetails card);

    /** A card as the payer typed it; never logged, never stored outside the vault. */
    record CardDetails(String number, String expiryMonth, String expiryYear, String securityCode) {
        @Override
        public String toString() {
            return "CardDetails[withheld]";
        }
    }
}
