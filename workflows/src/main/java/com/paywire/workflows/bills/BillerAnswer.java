package com.paywire.workflows.bills;

import com.paywire.vocabulary.bills.BillPaymentStatus;

import com.paywire.workflows.OperatorResolution;

/**
 * What the biller said of a payment, in Paywire's terms.
 *
 * @param receiptNumber the biller's receipt (for prepaid electricity, the token), when paid
 */
public record BillerAnswer(State state, String statusCode, String statusDescription, String receiptNumber) {

    public enum State {
        /** The biller has the money and confirms it. */
        PAID,
        /** The biller took the payment and has not confirmed it yet (or did not answer: ask it). */
        PENDING,
        /** The biller refused the payment, or refuses the account: nothing was paid. */
        REFUSED,
        /** The biller has no record of the payment. */
        UNKNOWN
    }

    /** Codes Paywire gives when the biller gave none. */
    public static final String PAID_CODE = "0";
    public static final String ACCOUNT_INVALID = "1";
    public static final String INSUFFICIENT_FUNDS = "2";
    public static final String BILLER_UNAVAILABLE = "91";
    /** Before version 1 of the bill workflow's KEEP_UNCONFIRMED_HELD: unconfirmed in time, released (Timed out). */
    public static final String NOT_CONFIRMED = "-1";
    /** An operator confirmed with the biller that it was not paid: the funds were released. */
    public static final String NOT_PAID = "92";

    /** The status a payment closed with this answer is recorded in. */
    public BillPaymentStatus paymentStatus() {
        return state == State.PAID ? BillPaymentStatus.COMPLETED
                : state == State.PENDING ? BillPaymentStatus.TIMED_OUT
                : BillPaymentStatus.FAILED;
    }

    public static BillerAnswer pending() {
        return new BillerAnswer(State.PENDING, null, null, null);
    }

    /** Paid (the operator's reference as receipt) or refused ({@link #NOT_PAID}), as an operator says. */
    public static BillerAnswer resolvedBy(OperatorResolution resolution) {
        return resolution.paid()
                ? new BillerAnswer(State.PAID, PAID_CODE, resolution.description(), resolution.reference())
                : refused(NOT_PAID, resolution.description());
    }

    public static BillerAnswer refused(String code, String description) {
        return new BillerAnswer(State.REFUSED, code, description, null);
    }
}
