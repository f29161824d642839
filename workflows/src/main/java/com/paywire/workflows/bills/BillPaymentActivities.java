package com.paywire.workflows.bills;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** The bill payment's money and record. Each step is idempotent. */
@ActivityInterface
public interface BillPaymentActivities {

    /** Holds amount and fee on the client's working account; false when its funds are short. */
    @ActivityMethod(name = "ReserveBillPayment")
    boolean reserve(String paymentId);

    /** Marks the payment as with the biller. */
    @ActivityMethod(name = "MarkBillPaymentProcessing")
    void markProcessing(String paymentId);

    /**
     * Records that the biller has not confirmed the payment within its window (status code 14, pending
     * confirmation), its funds still held; {@code referredToOperations} once the reconciliation window has passed
     * without an answer.
     */
    @ActivityMethod(name = "RecordBillPaymentUnconfirmed")
    void recordUnconfirmed(String paymentId, boolean referredToOperations);

    /**
     * Posts the reservation (PAID) or releases it (anything else), records the outcome once and calls the client
     * back.
     *
     * @param reserved whether funds were held (nothing to release otherwise)
     */
    @ActivityMethod(name = "CloseBillPayment")
    void close(String paymentId, BillerAnswer outcome, boolean reserved);
}
