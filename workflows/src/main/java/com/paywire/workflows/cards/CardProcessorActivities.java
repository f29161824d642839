package com.paywire.workflows.cards;

import io.temporal.activity.ActivityInterface;
import java.math.BigDecimal;

/**
 * The card processor. Every call carries its idempotency key ({@code reference}); before sending, the adapter
 * asks the processor what became of that reference, so a timed-out call never leaves an unknown outcome.
 */
@ActivityInterface
public interface CardProcessorActivities {

    ProcessorResult authorise(String reference, String processorInstrumentId, BigDecimal amount, String currency,
                              String cavv);

    ProcessorResult capture(String reference, String processorPaymentId, BigDecimal amount);

    ProcessorResult voidPayment(String reference, String processorPaymentId);

    ProcessorResult refund(String reference, String processorCaptureId, BigDecimal amount);

    /** What the processor says of the refund now. Kept for workflows that check settlement on timers. */
    RefundSettlement refundStatus(String processorRefundId);

    /**
     * The refund's final settlement (SETTLED or FAILED); while it is PENDING, fails retryably
     * ({@link CardFailures#REFUND_UNSETTLED}), so that the activity's retry policy does the waiting.
     */
    RefundSettlement settledRefund(String processorRefundId);
}
