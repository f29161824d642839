package com.paywire.activities.rails;

import com.paywire.domain.rails.cardprocessor.CardProcessor;
import com.paywire.workflows.cards.CardFailures;
import com.paywire.workflows.cards.CardProcessorActivities;
import com.paywire.workflows.cards.ProcessorResult;
import com.paywire.workflows.cards.RefundSettlement;
import io.temporal.failure.ApplicationFailure;
import java.math.BigDecimal;
import org.springframework.stereotype.Component;

/** The card processor ({@link CardProcessor}) as activities. */
@Component
public class CardProcessorActivitiesImpl implements CardProcessorActivities {

    private final CardProcessor processor;

    public CardProcessorActivitiesImpl(CardProcessor processor) {
        this.processor = processor;
    }

    @Override
    public ProcessorResult authorise(String reference, String instrumentId, BigDecimal amount, String currency,
                                     String cavv) {
        return processor.authorise(reference, instrumentId, amount, currency, cavv);
    }

    @Override
    public ProcessorResult capture(String reference, String processorPaymentId, BigDecimal amount) {
        return processor.capture(reference, processorPaymentId, amount);
    }

    @Override
    public ProcessorResult voidPayment(String reference, String processorPaymentId) {
        return processor.voidPayment(reference, processorPaymentId);
    }

    @Override
    public ProcessorResult refund(String reference, String processorCaptureId, BigDecimal amount) {
        return processor.refund(reference, processorCaptureId, amount);
    }

    @Override
    public RefundSettlement refundStatus(String processorRefundId) {
        return processor.refundStatus(processorRefundId);
    }

    @Override
    public RefundSettlement settledRefund(String processorRefundId) {
        RefundSettlement settlement = refundStatus(processorRefundId);
        if (settlement == RefundSettlement.PENDING) {
            throw ApplicationFailure.newFailure("Refund " + processorRefundId + " is not settled yet",
                    CardFailures.REFUND_UNSETTLED);
        }
        return settlement;
    }
}
