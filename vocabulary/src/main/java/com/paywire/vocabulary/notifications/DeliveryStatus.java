package com.paywire.vocabulary.notifications;

/** Where a delivery (one event to one target) stands; stored, and answered to clients, by name (deliveries.status). */
public enum DeliveryStatus {
    /** planned or being attempted */
    PENDING,
    /** the target answered 2xx */
    DELIVERED,
    /** every attempt failed */
    FAILED,
    /** the endpoint is inactive: kept for its reactivation */
    SUSPENDED
}
