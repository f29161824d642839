package com.paywire.vocabulary.funding;

/**
 * What became of one entry of the platform bank's statement, as the statement's answer says it and
 * {@code bank_statement_entries.outcome} stores the money-moving ones (V43).
 */
public enum BankEntryOutcome {
    /** A KES credit naming an enabled client by a valid funding reference: its working account credited. */
    CREDITED,
    /** A KES credit naming no client Paywire can credit: held in funding suspense for an operator. */
    SUSPENDED,
    /** An entry an earlier statement (or an earlier post of this one) recorded already: nothing moved again. */
    ALREADY_PROCESSED,
    /** Money that left the bank account: listed, nothing moved. */
    IGNORED_DEBIT,
    /** A credit in another currency than KES: listed, nothing moved (working accounts are in KES). */
    IGNORED_CURRENCY,
    /** An entry the bank has not booked (pending, or for information): listed, nothing moved until it is booked. */
    IGNORED_NOT_BOOKED,
    /** A suspended entry an operator assigned to a client afterwards (suspense lists it so). */
    ASSIGNED
}
