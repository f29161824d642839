package com.paywire.workflows.cards;

import com.paywire.vocabulary.cards.CardTransactionStatus;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * What a card payment's run hands to the next when its history grows long and it continues as new: everything its
 * checks and its remaining waits need, so that the next run answers as this one would have.
 *
 * @param capturesCredited       whether captures are credited on the ledger (fixed by the first run's version)
 * @param refundsTakeBack        whether refunds take back what their capture was credited (likewise)
 * @param answered               TYPE:RequestId → the answer given: a request repeated after the run changed is
 *                               still answered once
 * @param unsettled              refunds the processor has not settled yet: the next run asks again about each
 * @param refundWindowEndsMillis when the refund window ends: absolute, so that a new run does not restart it
 * @param capturesAwaitingAnswer captures whose outcome the processor has not told yet (their credit held): the next
 *                               run asks again about each; null from runs before captures were held
 * @param heldForCheckout        whether the checkout's capture was held for its order (CHECKOUT_CAPTURE_HELD);
 *                               null from runs before
 * @param referredCaptures       captures the processor never answered about, referred to operators and not decided
 *                               yet: their credit stays held until an operator says; null from runs before referrals
 * @param referredRefunds        likewise for refunds, with what they hold; null from runs before referrals
 */
public record CardPaymentState(AuthorisationResult authorisation, CardTransactionStatus status, boolean voided,
                               boolean capturesCredited, boolean refundsTakeBack, boolean abandoned,
                               BigDecimal captured, List<Capture> captures, Map<String, CardOperationResult> answered,
                               List<UnsettledRefund> unsettled, long refundWindowEndsMillis,
                               List<CardOperation> capturesAwaitingAnswer, Boolean heldForCheckout,
                               List<CardOperation> referredCaptures, List<UnsettledRefund> referredRefunds) {

    /**
     * @param refunded    what its refunds, initiated or settled, gave back
     * @param feeReturned the fee shares those refunds returned
     */
    public record Capture(String id, String processorId, BigDecimal amount, BigDecimal refunded,
                          BigDecimal feeReturned) {
    }

    /** What a refund took back from the ledger, given back should the processor fail it. */
    public record TakenBack(CardRefundMoney money, BigDecimal feeShare) {
    }

    /**
     * @param processorRefundId null while the processor's answer to the refund is awaited (it could not be reached)
     * @param takenBack         null when the refund took nothing back; else what it took back or holds
     */
    public record UnsettledRefund(CardOperation refund, String processorRefundId, TakenBack takenBack) {
    }
}
