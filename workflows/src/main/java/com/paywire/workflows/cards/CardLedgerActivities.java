package com.paywire.workflows.cards;

import io.temporal.activity.ActivityInterface;
import java.math.BigDecimal;

/**
 * A card payment's money on the ledger. Each call is keyed by the capture and the refund, so a retry moves nothing
 * twice. A checkout paid by card is credited by the checkout when it completes, not by its capture; its refunds
 * take back the checkout's credit.
 */
@ActivityInterface
public interface CardLedgerActivities {

    /** Credits the capture to the client's utility account, less the card fee. */
    void creditCapture(String clientId, String captureId, BigDecimal amount, String currency);

    /**
     * Takes the refund's part of the capture's credit back and answers the share of the fee it returned (zero when
     * nothing was credited). Refused, not retried ({@link CardFailures#INSUFFICIENT_BALANCE}), with nothing moved,
     * when the utility account cannot cover it.
     */
    BigDecimal takeBackRefund(CardRefundMoney refund);

    /**
     * A refund the processor refused or failed: what {@link #takeBackRefund} took goes back.
     *
     * @param refundedNow what the capture's other refunds have given back, without this one
     */
    void giveBackRefund(CardRefundMoney refund, BigDecimal refundedNow);
}
