package com.paywire.vocabulary.ledger;

import com.paywire.vocabulary.Coded;

/**
 * The charge table's transaction types that no route names: their fee bands are read by these numbers. A route's
 * own transaction type is the route's data (its {@code transactionTypeId}), not a word of the code's.
 */
public enum TransactionType implements Coded {
    BILL_PAYMENT(9),
    /** Paybill deposits (C2B, V33): every client with a short code takes them, through no route. */
    PAYBILL_DEPOSIT(12);

    private final int code;

    TransactionType(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    public static TransactionType of(int code) {
        return Coded.of(TransactionType.class, code);
    }
}
