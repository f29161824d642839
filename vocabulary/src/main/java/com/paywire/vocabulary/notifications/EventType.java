package com.paywire.vocabulary.notifications;

import com.paywire.vocabulary.payouts.LineStatus;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Every event Paywire publishes to its clients' webhooks, by the name it has on the wire and in the events store
 * ({@code events.type}): the card events, the bill due-date reminder, the payout events and each product's result
 * callback, in the order the webhooks page lists them; and the test event a console user sends to one endpoint.
 * Workflow records carry the wire name, a String, as their recorded histories do.
 */
public enum EventType {
    PAYMENT_AUTHORISED("payment.authorised"),
    PAYMENT_AUTHORISATION_FAILED("payment.authorisation_failed"),
    PAYMENT_CAPTURED("payment.captured"),
    PAYMENT_VOIDED("payment.voided"),
    PAYMENT_REFUND_INITIATED("payment.refund_initiated"),
    PAYMENT_REFUND_FAILED("payment.refund_failed"),
    FRAUD_REJECTED("fraud.rejected"),
    AUTHENTICATION_COMPLETED("authentication.completed"),
    BILL_DUE_DATE_REMINDER("bill.due_date_reminder"),
    PAYOUT_COMPLETED("payout.completed"),
    PAYOUT_FAILED("payout.failed"),
    PAYOUT_TIMED_OUT("payout.timed_out"),
    PAYOUT_REJECTED("payout.rejected"),
    PAYOUT_CANCELLED("payout.cancelled"),
    /** A completed payout line an operator reversed: the rail took the money back, the working account has it. */
    PAYOUT_REVERSED("payout.reversed"),
    /** Every line of a payment order has its final status. */
    PAYMENT_ORDER_PROCESSED("payment_order.processed"),
    EXPRESS_DEPOSIT_RESULT("express_deposit.result"),
    CHECKOUT_OUTCOME("checkout.outcome"),
    KYC_RESULT("kyc.result"),
    ACCOUNT_VALIDATION_RESULT("account_validation.result"),
    BILL_PAYMENT_RESULT("bill_payment.result"),
    AIRTIME_PURCHASE_RESULT("airtime_purchase.result"),
    /** A payer paid the client's paybill number (C2B), and Paywire credited it. */
    PAYBILL_DEPOSIT_RECEIVED("c2b.received"),
    /**
     * The event that tries one endpoint. No subscription reaches it, not even one to every event: it goes only to
     * the endpoint it is sent to.
     */
    WEBHOOK_TEST("webhook.test"),
    /** A merchant's settlement instructions name a new bank account (a security event: no settlement goes there for 24 h). */
    SETTLEMENT_INSTRUCTIONS_CHANGED("settlement.instructions_changed"),
    /** The bank paid a settlement of the merchant's collections to its bank account. */
    SETTLEMENT_PAID("settlement.paid"),
    /** A settlement failed: its money is back on the utility account. */
    SETTLEMENT_FAILED("settlement.failed"),
    /**
     * Money the client paid into Paywire's bank account reached its working account: a bank statement's credit
     * naming its funding reference, or one an operator assigned to it from funding suspense.
     */
    BALANCE_FUNDED("balance.funded"),
    /** The rail reversed an express deposit or a payment link's payment to its payer, at the client's request. */
    DEPOSIT_REVERSED("deposit.reversed"),
    /** The rail refused to reverse an express deposit or a payment link's payment: nothing left the account. */
    DEPOSIT_REVERSAL_FAILED("deposit.reversal_failed"),
    /** The rail reversed a paybill deposit to its payer, at the client's request. */
    PAYBILL_DEPOSIT_REVERSED("c2b.reversed"),
    /** The rail refused to reverse a paybill deposit: nothing left the account. */
    PAYBILL_DEPOSIT_REVERSAL_FAILED("c2b.reversal_failed"),
    /** A cardholder disputed a captured card payment: its amount and the dispute fee were debited. */
    DISPUTE_CREATED("dispute.created"),
    /** The processor decided a dispute for the merchant: the amount was credited back (not the fee). */
    DISPUTE_WON("dispute.won"),
    /** A dispute was lost (the processor's decision, the merchant's acceptance, or no evidence by the due date). */
    DISPUTE_LOST("dispute.lost");

    private final String wireName;

    EventType(String wireName) {
        this.wireName = wireName;
    }

    /** Its name in webhook deliveries, subscriptions and the events store. */
    public String wireName() {
        return wireName;
    }

    /** Whether a webhook endpoint may subscribe to it: every type but the test event. */
    public boolean subscribable() {
        return this != WEBHOOK_TEST;
    }

    /** The wire names an endpoint may subscribe to, in this enum's order. */
    public static List<String> subscribableNames() {
        return Arrays.stream(values()).filter(EventType::subscribable).map(EventType::wireName).toList();
    }

    /**
     * The event a payout line publishes on reaching this status (its data is the line record exactly as
     * check-status answers it); empty for a status that is not final.
     */
    public static Optional<EventType> ofLineStatus(LineStatus status) {
        return Optional.ofNullable(switch (status) {
            case COMPLETED -> PAYOUT_COMPLETED;
            case FAILED -> PAYOUT_FAILED;
            case TIMED_OUT -> PAYOUT_TIMED_OUT;
            case REJECTED -> PAYOUT_REJECTED;
            case CANCELLED -> PAYOUT_CANCELLED;
            case REVERSED -> PAYOUT_REVERSED;
            default -> null;
        });
    }

    public static Optional<EventType> ofWireName(String wireName) {
        return Arrays.stream(values()).filter(t -> t.wireName.equals(wireName)).findFirst();
    }
}
