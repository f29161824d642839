package com.paywire.vocabulary.settlements;

import java.util.List;

/**
 * Where a settlement is, stored and answered by name. PENDING: recorded, nothing held yet. PROCESSING: amount and
 * fee held on the utility account, the bank asked. UNCONFIRMED: the bank gave no final answer in its window; the
 * hold is kept until its status query, a late answer or an operator says. PAID: the hold posted. FAILED: the hold
 * released (or never made), the money back on the utility account.
 */
public enum SettlementStatus {
    PENDING,
    PROCESSING,
    UNCONFIRMED,
    PAID,
    FAILED;

    /** The statuses of a settlement still open: a client has at most one at a time. */
    public static List<SettlementStatus> open() {
        return List.of(PENDING, PROCESSING, UNCONFIRMED);
    }

    public boolean isFinal() {
        return this == PAID || this == FAILED;
    }
}
