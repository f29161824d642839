package com.paywire.vocabulary.collections;

/** Where a paybill deposit stands; stored, and answered to clients, by name (paybill_deposits.status). */
public enum PaybillDepositStatus {
    /** the rail confirmed it; its workflow has not recorded it in the ledger yet */
    RECEIVED,
    /** credited to the client's utility account, less the fee */
    CREDITED,
    /** it named no client Paywire can credit: held in the ledger's suspense account for an operator */
    SUSPENDED
}
