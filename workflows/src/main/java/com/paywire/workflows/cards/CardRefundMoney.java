package com.paywire.workflows.cards;

import java.math.BigDecimal;

/**
 * A refund as the ledger needs it: which capture it gives money back from, and what earlier refunds of that capture
 * already took back, so that its share of the fee is computed as theirs were.
 *
 * @param checkoutId        the checkout order the authorisation paid, or null
 * @param refundedBefore    what earlier refunds of the capture (initiated, not failed) gave back
 * @param feeReturnedBefore the fee shares those refunds returned
 */
public record CardRefundMoney(String clientId, String checkoutId, String captureId, String refundId, BigDecimal amount,
                              BigDecimal refundedBefore, BigDecimal feeReturnedBefore) {
}
