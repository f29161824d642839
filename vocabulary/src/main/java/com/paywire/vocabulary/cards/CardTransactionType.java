package com.paywire.vocabulary.cards;

/** What a card transaction is: an authorisation, or an operation on one. */
public enum CardTransactionType {
    AUTHORISATION("auth_"), CAPTURE("cap_"), VOID("void_"), REFUND("ref_");

    private final String idPrefix;

    CardTransactionType(String idPrefix) {
        this.idPrefix = idPrefix;
    }

    /** How the ids Paywire gives transactions of this type begin. */
    public String idPrefix() {
        return idPrefix;
    }
}
