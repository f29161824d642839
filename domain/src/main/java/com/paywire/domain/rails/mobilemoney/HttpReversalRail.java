package com.paywire.domain.rails.mobilemoney;

import com.paywire.domain.rails.RailAnswer;
import com.paywire.domain.rails.RailHttp;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.paybacks.PayBackAnswer;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** The mobile-money rail's reversal over HTTP, in {@link ReversalProtocol}. */
public final class HttpReversalRail implements ReversalRail {

    private final URI reversals;
    private final String callbackUrl;
    private final RailHttp http;

    public HttpReversalRail(String baseUrl, String callbackBaseUrl, Duration connectTimeout, Duration readTimeout,
                            MeterRegistry meters) {
        this.reversals = URI.create(baseUrl + ReversalProtocol.REVERSALS_PATH);
        this.callbackUrl = callbackBaseUrl + ReversalProtocol.CALLBACK_PATH;
        this.http = new RailHttp(Rail.MOBILE_MONEY, connectTimeout, readTimeout, meters);
    }

    @Override
    public PayBackAnswer reverse(String reference, String originalReceipt, BigDecimal amount, String msisdn,
                                 String remarks) {
        RailAnswer response = http.post(reversals, reference,
                ReversalProtocol.request(reference, originalReceipt, amount, msisdn, remarks, callbackUrl));
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            return ReversalProtocol.accepted(RailMessage.of(http.parse(response)));
        }
        if (RailHttp.isRefusal(status)) {
            return ReversalProtocol.refused(RailMessage.of(http.parse(response)));
        }
        throw new RailUnavailableException("MOBILE_MONEY answered HTTP " + status + " to reversal " + reference);
    }

    @Override
    public PayBackAnswer status(String reference) {
        RailAnswer response = http.get(URI.create(reversals + "/" + URLEncoder.encode(reference, StandardCharsets.UTF_8)));
        if (response.statusCode() == 404) {
            return PayBackAnswer.unknown("the rail has not heard of the reversal");
        }
        if (response.statusCode() != 200) {
            throw new RailUnavailableException("MOBILE_MONEY answered HTTP " + response.statusCode()
                    + " to reversal status " + reference);
        }
        return ReversalProtocol.status(RailMessage.of(http.parse(response)));
    }
}
