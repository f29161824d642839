package com.paywire.domain.notifications;

import com.paywire.persistence.notifications.WebhookStore;
import com.paywire.workflows.bills.BillReminderWorkflow;
import com.paywire.workflows.payouts.PayoutEvents;
import java.util.List;
import java.util.stream.Stream;

/**
 * The event names a webhook can subscribe to: every type Paywire publishes (docs/webhooks.md lists them), that is
 * the card events, the payout events, the bill due-date reminder and each product's result callback, or
 * {@link #EVERY} for all of them.
 */
public final class WebhookEvents {

    public static final String EXPRESS_DEPOSIT_RESULT = "express_deposit.result";
    public static final String KYC_RESULT = "kyc.result";
    public static final String ACCOUNT_VALIDATION_RESULT = "account_validation.result";
    public static final String CHECKOUT_OUTCOME = "checkout.outcome";
    public static final String BILL_PAYMENT_RESULT = "bill_payment.result";
    public static final String AIRTIME_PURCHASE_RESULT = "airtime_purchase.result";
    /** A payer paid the client's paybill number (C2B), and Paywire credited it. */
    public static final String PAYBILL_DEPOSIT_RECEIVED = "c2b.received";
    /** Subscribes an endpoint to every type in {@link #ALL}, including types added later. */
    public static final String EVERY = WebhookStore.EVERY_EVENT;

    public static final List<String> ALL = Stream.of(Stream.of("payment.authorised", "payment.authorisation_failed",
                    "payment.captured", "payment.voided", "payment.refund_initiated", "payment.refund_failed",
                    "fraud.rejected", "authentication.completed", BillReminderWorkflow.EVENT), PayoutEvents.ALL.stream(),
            Stream.of(EXPRESS_DEPOSIT_RESULT, CHECKOUT_OUTCOME, KYC_RESULT, ACCOUNT_VALIDATION_RESULT,
                    BILL_PAYMENT_RESULT, AIRTIME_PURCHASE_RESULT, PAYBILL_DEPOSIT_RECEIVED)).flatMap(s -> s).toList();

    /**
     * The event a console user sends to one endpoint to try it ({@link Webhooks#sendTest}). Not in {@link #ALL}: no
     * endpoint can subscribe to it, not even with {@link #EVERY}, so it reaches only the endpoint it is sent to.
     */
    public static final String TEST = WebhookStore.ENDPOINT_TEST_EVENT;

    private WebhookEvents() {
    }

    /** Whether an endpoint may name this in its Events: a type of {@link #ALL}, or {@link #EVERY}. */
    public static boolean subscribable(String name) {
        return EVERY.equals(name) || ALL.contains(name);
    }
}
