package com.paywire.activities.rails;

import com.paywire.workflows.cards.CardProcessorActivities;
import com.paywire.workflows.cards.ProcessorResult;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/**
 * The card processor (Cybersource-like). Protocol, every body JSON, every request carrying its
 * {@code reference} as idempotency key:
 * <ul>
 *   <li>{@code POST /card-processor/payments} {reference, instrumentId, amount, currency, cavv}: 201
 *       {id, status: AUTHORIZED, responseCode, avsCode, cvnCode}, or 402 {status: DECLINED, responseCode,
 *       reason, message};</li>
 *   <li>{@code POST /card-processor/payments/{id}/captures} {reference, amount}: 201 {id, status: CAPTURED};</li>
 *   <li>{@code POST /card-processor/payments/{id}/voids} {reference}: 201 {id, status: VOIDED};</li>
 *   <li>{@code POST /card-processor/captures/{id}/refunds} {reference, amount}: 202 {id, status: PENDING};
 *       {@code GET /card-processor/refunds/{id}}: {status: PENDING|SETTLED|FAILED};</li>
 *   <li>{@code GET /card-processor/requests/{reference}}: the answer already given to that reference, 404 if none.</li>
 * </ul>
 * Before every write the adapter asks what became of its reference: a retry after a timeout then reads the
 * first outcome instead of guessing.
 */
@Component
public class CardProcessorActivitiesImpl implements CardProcessorActivities {

    private final String base;
    private final Duration readTimeout;
    private final RailHttp http;

    public CardProcessorActivitiesImpl(RailsProperties properties) {
        this.base = properties.cardProcessorBaseUrl() + "/card-processor";
        this.readTimeout = properties.readTimeout();
        this.http = new RailHttp("CARD_PROCESSOR", properties.connectTimeout());
    }

    @Override
    public ProcessorResult authorise(String reference, String instrumentId, BigDecimal amount, String currency,
                                     String cavv) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("reference", reference);
        body.put("instrumentId", instrumentId);
        body.put("amount", money(amount));
        body.put("currency", currency);
        body.put("cavv", cavv);
        return send(reference, "/payments", body);
    }

    @Override
    public ProcessorResult capture(String reference, String processorPaymentId, BigDecimal amount) {
        return send(reference, "/payments/" + encode(processorPaymentId) + "/captures",
                Map.of("reference", reference, "amount", money(amount)));
    }

    @Override
    public ProcessorResult voidPayment(String reference, String processorPaymentId) {
        return send(reference, "/payments/" + encode(processorPaymentId) + "/voids", Map.of("reference", reference));
    }

    @Override
    public ProcessorResult refund(String reference, String processorCaptureId, BigDecimal amount) {
        return send(reference, "/captures/" + encode(processorCaptureId) + "/refunds",
                Map.of("reference", reference, "amount", money(amount)));
    }

    @Override
    public String refundStatus(String processorRefundId) {
        HttpResponse<String> response = http.exchange(get("/refunds/" + encode(processorRefundId)));
        if (response.statusCode() != 200) {
            throw new RailUnavailableException("CARD_PROCESSOR answered HTTP " + response.statusCode()
                    + " to refund status " + processorRefundId);
        }
        return RailHttp.text(http.parse(response), "status");
    }

    private ProcessorResult send(String reference, String path, Map<String, Object> body) {
        HttpResponse<String> earlier = http.exchange(get("/requests/" + encode(reference)));
        if (earlier.statusCode() == 200) {
            return result(200, http.parse(earlier)); // answered before: a retry after a lost answer
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
            return result(status, http.parse(response));
        }
        throw new RailUnavailableException("CARD_PROCESSOR answered HTTP " + status + " to " + reference);
    }

    private static ProcessorResult result(int httpStatus, JsonNode body) {
        String status = RailHttp.text(body, "status");
        boolean refused = httpStatus >= 400 || "DECLINED".equals(status) || "REFUSED".equals(status);
        return new ProcessorResult(!refused, RailHttp.text(body, "id"), status, RailHttp.text(body, "responseCode"),
                RailHttp.text(body, "avsCode"), RailHttp.text(body, "cvnCode"), RailHttp.text(body, "reason"),
                RailHttp.text(body, "message"));
    }

    private HttpRequest get(String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).timeout(readTimeout).GET().build();
    }

    private static String money(BigDecimal amount) {
        return amount.setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8);
    }
}
