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

    /** Credits the capture to the client's utility account, less the card fee (captures before credits were held). */
    void creditCapture(String clientId, String captureId, BigDecimal amount, String currency);

    /**
     * Before the processor is asked: checks every rule that could refuse the capture's credit (the amount's decimals
     * and limits, a card charge band that covers it) and holds the credit, less the card fee, on the card settlement
     * account. Refused, not retried ({@link CardFailures#CAPTURE_REFUSED}), with nothing held.
     */
    void holdCapture(String clientId, String captureId, BigDecimal amount, String currency);

    /**
     * Before the processor is asked to capture a checkout's attempt (credited by its checkout, not here): the same
     * rules of the amount. Refused, not retried ({@link CardFailures#CAPTURE_REFUSED}).
     */
    void checkCapture(BigDecimal amount);

    /**
     * Before the processor is asked to capture a checkout's attempt: {@link #checkCapture}'s rules, then the whole
     * amount held from the card settlement to the checkout payments' account, where it waits for its order (which
     * credits the merchant) once posted. Posted and released by {@link #settleCapture} and {@link #releaseCapture}.
     * Refused, not retried ({@link CardFailures#CAPTURE_REFUSED}), with nothing held.
     */
    void holdCheckoutCapture(String clientId, String captureId, BigDecimal amount, String currency);

    /** The processor captured: what {@link #holdCapture} or {@link #holdCheckoutCapture} held is posted. */
    void settleCapture(String clientId, String captureId, BigDecimal amount, String currency);

    /** The processor refused the capture: what {@link #holdCapture} or {@link #holdCheckoutCapture} held is released. */
    void releaseCapture(String clientId, String captureId, BigDecimal amount, String currency);

    /**
     * Before the processor is asked: holds the refund's part of the capture's credit on the utility account (and
     * the fee's share on revenue) and answers that share (zero when nothing was credited). Refused, not retried
     * ({@link CardFailures#INSUFFICIENT_BALANCE}), with nothing held, when the utility account cannot cover it.
     */
    BigDecimal holdRefund(CardRefundMoney refund);

    /** The processor took the refund: what {@link #holdRefund} held is posted (and a checkout order refunded). */
    void settleRefund(CardRefundMoney refund);

    /** The processor refused the refund: what {@link #holdRefund} held is released. */
    void releaseRefund(CardRefundMoney refund);

    /**
     * Refunds before they were held: takes the refund's part of the capture's credit back and answers the share of the fee it returned (zero when
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
