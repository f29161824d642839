package com.paywire.workflows.notifications;

public enum DeliveryOutcome {
    /** a 2xx within the time limit */
    DELIVERED,
    /** every attempt of the ladder failed */
    FAILED,
    /** the endpoint was (or became) inactive: kept for its reactivation */
    SUSPENDED
}
