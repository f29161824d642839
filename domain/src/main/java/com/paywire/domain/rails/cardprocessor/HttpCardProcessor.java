package com.paywire.domain.rails.cardprocessor;

import com.paywire.domain.rails.RailAnswer;
import com.paywire.domain.rails.RailHttp;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.cardprocessor.CardProcessorProtocol.Answer;
import com.paywire.vocabulary.cards.DisputeEvidence;
import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.cards.ProcessorResult;
import com.paywire.workflows.cards.RefundSettlement;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.Map;

/**
 * The card processor over HTTP. Before every write it asks what became of the write's reference: a retry after a
 * timeout then reads the first outcome instead of guessing.
 */
public final class HttpCardProcessor implements CardProcessor {

    private final String base;
    private final String disputeCallbackUrl;
    private final RailHttp http;

    /** @param callbackBaseUrl Paywire's own base URL, where the processor's dispute notifications come */
    public HttpCardProcessor(String baseUrl, String callbackBaseUrl, Duration connectTimeout, Duration readTimeout,
                             MeterRegistry meters) {
        this.base = baseUrl;
        this.disputeCallbackUrl = callbackBaseUrl + DisputeNoticeProtocol.CALLBACK_PATH;
        this.http = new RailHttp(Rail.CARD_PROCESSOR, connectTimeout, readTimeout, meters);
    }

    @Override
    public ProcessorResult authorise(String reference, String instrumentId, BigDecimal amount, String currency,
                                     String cavv) {
        return send(reference, CardProcessorProtocol.payments(),
                new CardProcessorProtocol.PaymentRequest(reference, instrumentId, amount, currency, cavv));
    }

    @Override
    public ProcessorResult capture(String reference, String processorPaymentId, BigDecimal amount) {
        return send(reference, CardProcessorProtocol.captures(processorPaymentId),
                new CardProcessorProtocol.CaptureRequest(reference, amount, disputeCallbackUrl));
    }

    @Override
    public ProcessorResult voidPayment(String reference, String processorPaymentId) {
        return send(reference, CardProcessorProtocol.voids(processorPaymentId),
                new CardProcessorProtocol.VoidRequest(reference));
    }

    @Override
    public ProcessorResult refund(String reference, String processorCaptureId, BigDecimal amount) {
        return send(reference, CardProcessorProtocol.refunds(processorCaptureId),
                new CardProcessorProtocol.RefundRequest(reference, amount));
    }

    @Override
    public RefundSettlement refundStatus(String processorRefundId) {
        RailAnswer response = http.get(uri(CardProcessorProtocol.refund(processorRefundId)));
        if (response.statusCode() != 200) {
            throw new RailUnavailableException("CARD_PROCESSOR answered HTTP " + response.statusCode()
                    + " to refund status " + processorRefundId);
        }
        return RailHttp.JSON.treeToValue(http.parse(response), CardProcessorProtocol.RefundAnswer.class).status();
    }

    @Override
    public void submitDisputeEvidence(String processorDisputeId, DisputeEvidence evidence) {
        tell(CardProcessorProtocol.disputeEvidence(processorDisputeId), processorDisputeId,
                new CardProcessorProtocol.EvidenceRequest(processorDisputeId, evidence.explanation(),
                        evidence.productDescription(), evidence.customerName(), evidence.documentReference(),
                        disputeCallbackUrl));
    }

    @Override
    public DisputeStatus disputeDecision(String processorDisputeId) {
        RailAnswer response = http.get(uri(CardProcessorProtocol.dispute(processorDisputeId)));
        if (response.statusCode() == 404) {
            return DisputeStatus.UNDER_REVIEW;
        }
        if (response.statusCode() != 200) {
            throw new RailUnavailableException("CARD_PROCESSOR answered HTTP " + response.statusCode()
                    + " to the status of dispute " + processorDisputeId);
        }
        var decided = http.parse(response).get("status");
        String status = decided == null ? "" : decided.asString();
        return "WON".equals(status) ? DisputeStatus.WON : "LOST".equals(status) ? DisputeStatus.LOST
                : DisputeStatus.UNDER_REVIEW;
    }

    @Override
    public void acceptDispute(String processorDisputeId) {
        tell(CardProcessorProtocol.disputeAcceptance(processorDisputeId), processorDisputeId, Map.of());
    }

    /** A dispute's answer: any 2xx is taken; anything else is retried until the workflow gives up. */
    private void tell(String path, String reference, Object body) {
        int status = http.post(uri(path), reference, body).statusCode();
        if (status < 200 || status >= 300) {
            throw new RailUnavailableException("CARD_PROCESSOR answered HTTP " + status + " to " + path);
        }
    }

    private ProcessorResult send(String reference, String path, Object body) {
        RailAnswer earlier = http.get(uri(CardProcessorProtocol.request(reference)));
        if (earlier.statusCode() == 200) {
            return answer(earlier).result(200); // answered before: a retry after a lost answer
        }
        if (earlier.statusCode() != 404) {
            throw new RailUnavailableException("CARD_PROCESSOR answered HTTP " + earlier.statusCode()
                    + " to the lookup of " + reference);
        }
        RailAnswer response = http.post(uri(path), reference, body);
        int status = response.statusCode();
        if ((status >= 200 && status < 300) || RailHttp.isRefusal(status)) {
            return answer(response).result(status);
        }
        throw new RailUnavailableException("CARD_PROCESSOR answered HTTP " + status + " to " + reference);
    }

    private Answer answer(RailAnswer response) {
        return RailHttp.JSON.treeToValue(http.parse(response), Answer.class);
    }

    private URI uri(String path) {
        return URI.create(base + path);
    }
}
