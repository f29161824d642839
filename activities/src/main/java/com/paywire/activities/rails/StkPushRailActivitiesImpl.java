package com.paywire.activities.rails;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.stkpush.StkPushProtocol;
import com.paywire.workflows.collections.DepositCommand;
import com.paywire.workflows.collections.PromptAcknowledgement;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.collections.StkPushRailActivities;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.stereotype.Component;

/** HTTP adapter of the mobile-money rail's phone prompt; the protocol is {@link StkPushProtocol}. */
@Component
public class StkPushRailActivitiesImpl implements StkPushRailActivities {

    private final URI prompts;
    private final String callbackUrl;
    private final Duration readTimeout;
    private final RailHttp http;

    public StkPushRailActivitiesImpl(RailsProperties properties) {
        this.prompts = URI.create(properties.mobileMoneyBaseUrl() + StkPushProtocol.PROMPTS_PATH);
        this.callbackUrl = properties.callbackBaseUrl() + StkPushProtocol.CALLBACK_PATH;
        this.readTimeout = properties.readTimeout();
        this.http = new RailHttp("MOBILE_MONEY", properties.connectTimeout());
    }

    @Override
    public PromptAcknowledgement sendPrompt(DepositCommand deposit) {
        return reported(() -> {
            HttpResponse<String> response = http.exchange(HttpRequest.newBuilder(prompts)
                    .timeout(readTimeout)
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", deposit.depositId())
                    .POST(HttpRequest.BodyPublishers.ofString(
                            RailHttp.JSON.writeValueAsString(StkPushProtocol.request(deposit, callbackUrl))))
                    .build());
            int status = response.statusCode();
            if (status >= 200 && status < 300) {
                return StkPushProtocol.accepted(RailMessage.of(http.parse(response)));
            }
            if (RailHttp.isRefusal(status)) {
                return StkPushProtocol.refused(deposit.depositId(), RailMessage.of(http.parse(response)));
            }
            throw new RailUnavailableException("MOBILE_MONEY answered HTTP " + status + " to prompt "
                    + deposit.depositId());
        });
    }

    @Override
    public PromptResult queryPrompt(String depositId) {
        return reported(() -> {
            HttpResponse<String> response = http.exchange(HttpRequest.newBuilder(URI.create(prompts + "/"
                    + URLEncoder.encode(depositId, StandardCharsets.UTF_8))).timeout(readTimeout).GET().build());
            if (response.statusCode() == 404) {
                return new PromptResult(depositId, PromptResult.State.UNKNOWN, null, null, null, null);
            }
            if (response.statusCode() != 200) {
                throw new RailUnavailableException("MOBILE_MONEY answered HTTP " + response.statusCode()
                        + " to status " + depositId);
            }
            return StkPushProtocol.status(depositId, RailMessage.of(http.parse(response)));
        });
    }
}
