package com.paywire.activities.rails;

import com.paywire.domain.rails.RailHttp;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.cardprocessor.CardProcessorProtocol;
import com.paywire.domain.rails.cardprocessor.CardProcessorProtocol.Answer;
import com.paywire.workflows.cards.CardFailures;
import com.paywire.workflows.cards.CardProcessorActivities;
import com.paywire.workflows.cards.ProcessorResult;
import com.paywire.workflows.cards.RefundSettlement;
import io.temporal.failure.ApplicationFailure;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * The card processor over HTTP, in its protocol ({@link CardProcessorProtocol}). Before every write the adapter
 * asks what became of its reference: a retry after a timeout then reads the first outcome instead of guessing.
 */
@Component
public class CardProcessorActivitiesImpl implements CardProcessorActivities {

    private final String base;
    private final Duration readTimeout;
    private final RailHttp http;

    public CardProcessorActivitiesImpl(RailsProperties properties) {
        this.base = properties.cardProcessorBaseUrl();
        this.readTimeout = properties.readTimeout();
        this.http = new RailHttp("CARD_PROCESSOR", properties.connectTimeout());
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
                new CardProcessorProtocol.CaptureRequest(reference, amount));
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
        HttpResponse<String> response = http.exchange(get(CardProcessorProtocol.refund(processorRefundId)));
        if (response.statusCode() != 200) {
            throw new RailUnavailableException("CARD_PROCESSOR answered HTTP " + response.statusCode()
                    + " to refund status " + processorRefundId);
        }
        return RailHttp.JSON.treeToValue(http.parse(response), CardProcessorProtocol.RefundAnswer.class).status();
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

    private ProcessorResult send(String reference, String path, Object body) {
        HttpResponse<String> earlier = http.exchange(get(CardProcessorProtocol.request(reference)));
        if (earlier.statusCode() == 200) {
            return answer(earlier).result(200); // answered before: a retry after a lost answer
        }
        if (earlier.statusCode() != 404) {
            throw new RailUnavailableException("CARD_PROCESSOR answered HTTP " + earlier.statusCode()
                    + " to the lookup of " + reference);
        }
        HttpResponse<String> response = http.exchange(HttpRequest.newBuilder(URI.create(base + path))
                .timeout(readTimeout)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", reference)
                .POST(HttpRequest.BodyPublishers.ofString(RailHttp.JSON.writeValueAsString(body)))
                .build());
        int status = response.statusCode();
        if ((status >= 200 && status < 300) || RailHttp.isRefusal(status)) {
            return answer(response).result(status);
        }
        throw new RailUnavailableException("CARD_PROCESSOR answered HTTP " + status + " to " + reference);
    }

    private Answer answer(HttpResponse<String> response) {
        return RailHttp.JSON.treeToValue(http.parse(response), Answer.class);
    }

    private HttpRequest get(String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).timeout(readTimeout).GET().build();
    }
}
