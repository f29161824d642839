package com.paywire.workflows.cards;

import java.math.BigDecimal;

/** One capture of a card payment, as its workflow tracks it: what it took and what its refunds gave back. */
final class CaptureState {

    final String processorId;
    final BigDecimal amount;
    /** What its refunds, initiated or settled, gave back. */
    BigDecimal refunded = BigDecimal.ZERO;
    /** The fee shares the refunds in {@code refunded} returned. */
    BigDecimal feeReturned = BigDecimal.ZERO;

    CaptureState(String processorId, BigDecimal amount) {
        this.processorId = processorId;
        this.amount = amount;
    }

    /** The capture as a run continued as new received it. */
    CaptureState(CardPaymentState.Capture carried) {
        this(carried.processorId(), carried.amount());
        refunded = carried.refunded();
        feeReturned = carried.feeReturned();
    }

    /** @param capture the capture the refund names; null when the authorisation has none of that id */
    static void requireRefundable(CaptureState capture, CardOperation refund, String currency) {
        if (capture == null) {
            throw CardFailures.invalid("No capture " + refund.captureId() + " on this authorisation.");
        }
        if (refund.amount() == null || refund.amount().signum() <= 0) {
            throw CardFailures.invalid("The refund amount must be positive.");
        }
        BigDecimal refundable = capture.amount.subtract(capture.refunded);
        if (refund.amount().compareTo(refundable) > 0) {
            throw CardFailures.invalid("The refund amount " + refund.amount() + " is more than the " + refundable
                    + " " + currency + " refundable on capture " + refund.captureId() + ".");
        }
    }

    CardPaymentState.Capture handedOn(String id) {
        return new CardPaymentState.Capture(id, processorId, amount, refunded, feeReturned);
    }
}
