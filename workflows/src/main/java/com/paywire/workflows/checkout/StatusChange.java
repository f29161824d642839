package com.paywire.workflows.checkout;

import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.workflows.checkout.AttemptOutcome.ThirdParty;

/**
 * A change of a checkout order's status, to record and to call the merchant back about.
 *
 * @param eventId    the callback's event id, the same on every retry of the change
 * @param method     the method of the attempt that made the change, or null
 * @param resultCode null while Pending or Processing
 */
public record StatusChange(String checkoutId, String eventId, CheckoutStatus status, PaymentMethod method,
                           String resultCode, String resultDesc, ThirdParty thirdParty) {
}
