package com.paywire.vocabulary.airtime;

/** Where an airtime purchase stands; stored, and answered to clients, by name (airtime_purchases.status). */
public enum AirtimePurchaseStatus {
    /** until every recipient is final */
    PENDING,
    /** every recipient was topped up */
    COMPLETED,
    /** some recipients were topped up, some were not */
    PARTIALLY_COMPLETED,
    /** no recipient was topped up */
    FAILED
}
