package com.paywire.vocabulary.paybacks;

import com.paywire.vocabulary.ledger.LedgerAccounts;

/** Why Paywire holds money for a payer until it goes back to them, with the account it waits on. */
public enum PayBackKind {
    /** A paybill deposit in suspense an operator returns to its payer (subject: the rail's receipt). */
    SUSPENSE_RETURN(LedgerAccounts.PAYBILL_SUSPENSE),
    /** A payment no order could take, owed back to its payer (subject: the ledger key of the owed-back posting). */
    REFUND_DUE(LedgerAccounts.REFUNDS_DUE),
    /**
     * A client's (or an operator's) reversal of one of its collections (subject: the collection's ledger key): held
     * from the client's utility account and revenue when it is asked for, so it waits on no shared account.
     */
    COLLECTION_REVERSAL(null);

    private final String owedAccount;

    PayBackKind(String owedAccount) {
        this.owedAccount = owedAccount;
    }

    /** The ledger account the money waits on until it is paid back; null for a collection reversal. */
    public String owedAccount() {
        return owedAccount;
    }
}
