package com.paywire.domain.rails.mobilemoney;

import com.paywire.domain.rails.RailAnswer;
import com.paywire.domain.rails.RailHttp;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.collections.DepositCommand;
import com.paywire.workflows.collections.PromptAcknowledgement;
import com.paywire.workflows.collections.PromptResult;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** The phone prompt over HTTP, in {@link StkPushProtocol}. */
public final class HttpPromptRail implements PromptRail {

    private final URI prompts;
    private final String callbackUrl;
    private final RailHttp http;

    public HttpPromptRail(String baseUrl, String callbackBaseUrl, Duration connectTimeout, Duration readTimeout,
                          MeterRegistry meters) {
        this.prompts = URI.create(baseUrl + StkPushProtocol.PROMPTS_PATH);
        this.callbackUrl = callbackBaseUrl + StkPushProtocol.CALLBACK_PATH;
        this.http = new RailHttp(Rail.MOBILE_MONEY, connectTimeout, readTimeout, meters);
    }

    @Override
    public PromptAcknowledgement send(DepositCommand deposit) {
        RailAnswer response = http.post(prompts, deposit.depositId(),
                StkPushProtocol.request(deposit, callbackUrl));
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            return StkPushProtocol.accepted(RailMessage.of(http.parse(response)));
        }
        if (RailHttp.isRefusal(status)) {
            return StkPushProtocol.refused(deposit.depositId(), RailMessage.of(http.parse(response)));
        }
        throw new RailUnavailableException("MOBILE_MONEY answered HTTP " + status + " to prompt "
                + deposit.depositId());
    }

    @Override
    public PromptResult status(String depositId) {
        RailAnswer response = http.get(URI.create(prompts + "/"
                + URLEncoder.encode(depositId, StandardCharsets.UTF_8)));
        if (response.statusCode() == 404) {
            return new PromptResult(depositId, PromptResult.State.UNKNOWN, null, null, null, null);
        }
        if (response.statusCode() != 200) {
            throw new RailUnavailableException("MOBILE_MONEY answered HTTP " + response.statusCode()
                    + " to status " + depositId);
        }
        return StkPushProtocol.status(depositId, RailMessage.of(http.parse(response)));
    }
}
