package com.paywire.domain.rails.cardprocessor;

import com.paywire.vocabulary.cards.DisputeEvidence;
import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.workflows.cards.ProcessorResult;
import com.paywire.workflows.cards.RefundSettlement;
import java.math.BigDecimal;

/**
 * What Paywire asks the card processor ({@link CardProcessorProtocol}) about payments; its vault is
 * {@link ProcessorCardVault}. Every write carries its reference as the idempotency key.
 */
public interface CardProcessor {

    ProcessorResult authorise(String reference, String instrumentId, BigDecimal amount, String currency, String cavv);

    ProcessorResult capture(String reference, String processorPaymentId, BigDecimal amount);

    ProcessorResult voidPayment(String reference, String processorPaymentId);

    ProcessorResult refund(String reference, String processorCaptureId, BigDecimal amount);

    RefundSettlement refundStatus(String processorRefundId);

    /** Sends a merchant's evidence on a dispute; sending it again is harmless (the processor keys it by dispute). */
    void submitDisputeEvidence(String processorDisputeId, DisputeEvidence evidence);

    /**
     * What the processor has decided of a dispute: WON or LOST, or (undecided, or a dispute it never heard of)
     * UNDER_REVIEW; for a decision whose callback never came.
     */
    DisputeStatus disputeDecision(String processorDisputeId);

    /** Tells the processor the merchant accepts the dispute; telling it again is harmless. */
    void acceptDispute(String processorDisputeId);
}
