package com.paywire.workflows.bills;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** The biller aggregator, for a payment. Each call carries the payment's id as the biller's idempotency key. */
@ActivityInterface
public interface BillerActivities {

    /** Asks the biller about the payment's account and records its holder and bill; false when it does not know it. */
    @ActivityMethod(name = "ValidateBillAccount")
    boolean validateAccount(String paymentId);

    /** Pays the biller: PAID, PENDING (taken, not yet confirmed) or REFUSED. Paying twice pays once. */
    @ActivityMethod(name = "PayBill")
    BillerAnswer pay(String paymentId);

    /** Asks for the payment's confirmation: fails while the biller says it is pending, to be asked again later. */
    @ActivityMethod(name = "ConfirmBillPayment")
    BillerAnswer confirm(String paymentId);
}
