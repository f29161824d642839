package com.paywire.vocabulary.settlements;

/**
 * When a merchant's collections are settled to its bank account, stored and answered by name: every day at the
 * cut-off, once a week on the configured day at the cut-off, or only when the merchant asks.
 */
public enum SettlementSchedule {
    DAILY,
    WEEKLY,
    MANUAL
}
