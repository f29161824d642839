package com.paywire.activities.rails;

import com.paywire.workflows.collections.DepositCommand;
import com.paywire.workflows.collections.PromptAcknowledgement;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.collections.StkPushRailActivities;
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
 * The mobile-money rail's phone prompt. Protocol: {@code POST /mobile-money/stk-push} with
 * {@code Idempotency-Key: <reference>} and {@code {reference, msisdn, amount, accountReference, description,
 * callbackUrl}}: 2xx {@code {merchantRequestId, checkoutRequestId, responseCode, responseDescription}}, 4xx a
 * refusal {@code {resultCode, resultDesc}}; {@code GET /mobile-money/stk-push/{reference}}: {@code {status:
 * PENDING|ANSWERED, resultCode, resultDesc, receiptNumber, transactionDate}}, 404 unknown. The result arrives by
 * POST to the callback URL with the same fields.
 */
@Component
public class StkPushRailActivitiesImpl implements StkPushRailActivities {

    static final String CALLBACK_PATH = "/rails/mobile-money/stk-result";

    private final URI prompts;
    private final String callbackUrl;
    private final Duration readTimeout;
    private final RailHttp http;

    public StkPushRailActivitiesImpl(RailsProperties properties) {
        this.prompts = URI.create(properties.mobileMoneyBaseUrl() + "/mobile-money/stk-push");
        this.callbackUrl = properties.callbackBaseUrl() + CALLBACK_PATH;
        this.readTimeout = properties.readTimeout();
        this.http = new RailHttp("MOBILE_MONEY", properties.connectTimeout());
    }

    @Override
    public PromptAcknowledgement sendPrompt(DepositCommand deposit) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("reference", deposit.depositId());
        body.put("msisdn", deposit.phoneNumber());
        body.put("amount", deposit.amount().setScale(2, RoundingMode.HALF_UP).toPlainString());
        body.put("accountReference", deposit.accountReference());
        body.put("description", deposit.description());
        body.put("callbackUrl", callbackUrl);
        HttpResponse<String> response = http.exchange(HttpRequest.newBuilder(prompts)
                .timeout(readTimeout)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", deposit.depositId())
                .POST(HttpRequest.BodyPublishers.ofString(RailHttp.JSON.writeValueAsString(body)))
                .build());
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            JsonNode answer = http.parse(response);
            return new PromptAcknowledgement(true, RailHttp.text(answer, "merchantRequestId"),
                    RailHttp.text(answer, "checkoutRequestId"), null);
        }
        if (RailHttp.isRefusal(status)) {
            JsonNode answer = http.parse(response);
            return new PromptAcknowledgement(false, null, null, new PromptResult(deposit.depositId(),
                    PromptResult.State.ANSWERED, RailHttp.text(answer, "resultCode"), RailHttp.text(answer, "resultDesc"),
                    null, null));
        }
        throw new RailUnavailableException("MOBILE_MONEY answered HTTP " + status + " to prompt " + deposit.depositId());
    }

    @Override
    public PromptResult queryPrompt(String depositId) {
        HttpResponse<String> response = http.exchange(HttpRequest.newBuilder(URI.create(prompts + "/"
                + URLEncoder.encode(depositId, StandardCharsets.UTF_8))).timeout(readTimeout).GET().build());
        if (response.statusCode() == 404) {
            return new PromptResult(depositId, PromptResult.State.UNKNOWN, null, null, null, null);
        }
        if (response.statusCode() != 200) {
            throw new RailUnavailableException("MOBILE_MONEY answered HTTP " + response.statusCode() + " to status " + depositId);
        }
        return resultOf(depositId, http.parse(response));
    }

    /** Reads a prompt result as the status query and the callback both carry it. */
    public static PromptResult resultOf(String reference, JsonNode body) {
        if ("PENDING".equalsIgnoreCase(RailHttp.text(body, "status"))) {
            return PromptResult.pending(reference);
        }
        return new PromptResult(reference, PromptResult.State.ANSWERED, RailHttp.text(body, "resultCode"),
                RailHttp.text(body, "resultDesc"), RailHttp.text(body, "receiptNumber"),
                RailHttp.text(body, "transactionDate"));
    }
}
