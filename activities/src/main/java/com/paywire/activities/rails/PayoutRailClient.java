package com.paywire.activities.rails;

import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.Rail;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailCodes;
import com.paywire.workflows.payouts.RailResult;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * HTTP adapter of one payout rail. The protocol, the same for both rails but for paths and fields:
 * <ul>
 *   <li>{@code POST {payments}} with header {@code Idempotency-Key: <systemTraceAuditNumber>}: 2xx accepted
 *       {@code {transactionId, responseCode, responseDescription}}; 4xx refused {@code {responseCode,
 *       responseDescription}}; 5xx or no answer: retry, the rail deduplicates by the key.</li>
 *   <li>{@code GET {payments}/{reference}}: {@code {status: PENDING|COMPLETED|FAILED, resultCode,
 *       resultDescription, receiptNumber, recipientName, walletBalance, completedAt}}; 404 never heard of it.</li>
 *   <li>the rail then POSTs the same result body to the {@code callbackUrl} it was given.</li>
 * </ul>
 */
final class PayoutRailClient {

    private static final Logger log = LoggerFactory.getLogger(PayoutRailClient.class);

    private final Rail rail;
    private final URI payments;
    private final String callbackUrl;
    private final RailHttp http;
    private final Duration readTimeout;

    PayoutRailClient(Rail rail, String baseUrl, String paymentsPath, String callbackUrl, Duration connectTimeout,
                     Duration readTimeout) {
        this.rail = rail;
        this.payments = URI.create(baseUrl + paymentsPath);
        this.callbackUrl = callbackUrl;
        this.readTimeout = readTimeout;
        this.http = new RailHttp(rail.name(), connectTimeout);
    }

    RailAcknowledgement send(PayoutLineCommand line) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("reference", line.systemTraceAuditNumber());
        if (rail == Rail.MOBILE_MONEY) {
            body.put("msisdn", line.account());
            body.put("mccmnc", line.institutionCode());
            if (line.accountReference() != null) {
                body.put("accountReference", line.accountReference()); // the account paid at a paybill
            }
        } else {
            body.put("accountNumber", line.account());
            body.put("accountName", line.accountName());
            body.put("bankCode", line.institutionCode());
        }
        body.put("amount", line.amount().setScale(2, RoundingMode.HALF_UP).toPlainString());
        body.put("currency", line.currency());
        body.put("remarks", line.remarks());
        body.put("callbackUrl", callbackUrl);
        HttpRequest request = HttpRequest.newBuilder(payments)
                .timeout(readTimeout)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", line.systemTraceAuditNumber())
                .POST(HttpRequest.BodyPublishers.ofString(RailHttp.JSON.writeValueAsString(body)))
                .build();
        HttpResponse<String> response = http.exchange(request);
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            JsonNode answer = http.parse(response);
            return new RailAcknowledgement(true, RailHttp.text(answer, "transactionId"), RailHttp.text(answer, "responseCode"),
                    RailHttp.text(answer, "responseDescription"), null);
        }
        if (RailHttp.isRefusal(status)) {
            JsonNode answer = http.parse(response);
            String code = RailHttp.text(answer, "responseCode");
            String description = RailHttp.text(answer, "responseDescription");
            log.info("{} refused payout {}: {} {}", rail, line.systemTraceAuditNumber(), code, description);
            return new RailAcknowledgement(false, null, code, description, RailCodes.finalResult(rail,
                    line.systemTraceAuditNumber(), code, description, null, null, null, null));
        }
        throw new RailUnavailableException(rail + " answered HTTP " + status + " to payout " + line.systemTraceAuditNumber());
    }

    RailResult status(String reference) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(payments + "/"
                        + URLEncoder.encode(reference, StandardCharsets.UTF_8)))
                .timeout(readTimeout).GET().build();
        HttpResponse<String> response = http.exchange(request);
        if (response.statusCode() == 404) {
            return new RailResult(reference, RailResult.State.UNKNOWN, null, null, null, null, null, null, null, null);
        }
        if (response.statusCode() != 200) {
            throw new RailUnavailableException(rail + " answered HTTP " + response.statusCode() + " to status " + reference);
        }
        return resultOf(rail, reference, http.parse(response));
    }

    /** Reads a result body, as the status query and the callback both carry it. */
    static RailResult resultOf(Rail rail, String reference, JsonNode body) {
        String state = RailHttp.text(body, "status");
        if (state != null && state.equalsIgnoreCase("PENDING")) {
            return RailResult.pending(reference);
        }
        JsonNode balance = body.get("walletBalance");
        return RailCodes.finalResult(rail, reference, RailHttp.text(body, "resultCode"), RailHttp.text(body, "resultDescription"),
                RailHttp.text(body, "receiptNumber"), RailHttp.text(body, "recipientName"),
                balance == null || balance.isNull() ? null : new BigDecimal(balance.asString()),
                RailHttp.text(body, "completedAt"));
    }

}
