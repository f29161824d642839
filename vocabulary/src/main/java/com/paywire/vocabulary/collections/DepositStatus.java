package com.paywire.vocabulary.collections;

/** Where an express deposit stands; stored, and answered to clients, by name (express_deposits.status). */
public enum DepositStatus {
    /** accepted; the payer has not answered the prompt yet */
    PENDING,
    /** the payer paid */
    COMPLETED,
    /** the payer could not pay (balance, PIN, no answer in time, ...) */
    FAILED,
    /** the payer cancelled the prompt */
    CANCELLED
}
