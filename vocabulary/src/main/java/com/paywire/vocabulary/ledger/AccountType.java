package com.paywire.vocabulary.ledger;

import com.paywire.vocabulary.Coded;

/**
 * A client's account as clients number it: 1 and 2 are the numbers of the balance operation's {@code type} and of a
 * statement's {@code accountType}; 3, the receivable (what the client owes Paywire, and what its credits paid back),
 * is Paywire's own, on statements only, in KES only.
 */
public enum AccountType implements Coded {
    /** Funds for payouts. */
    WORKING(1),
    /** Collected funds, kept in KES and in each currency card payments are taken in. */
    UTILITY(2),
    RECEIVABLE(3);

    private final int code;

    AccountType(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    /** The ledger account this is of the client's, in {@code currency} (KES but for the utility account). */
    public String ledgerAccount(String clientId, String currency) {
        return switch (this) {
            case WORKING -> LedgerAccounts.working(clientId);
            case UTILITY -> LedgerAccounts.utility(clientId, currency);
            case RECEIVABLE -> LedgerAccounts.receivable(clientId, currency);
        };
    }

    public static AccountType of(int code) {
        return Coded.of(AccountType.class, code);
    }
}
