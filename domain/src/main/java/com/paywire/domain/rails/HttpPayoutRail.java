package com.paywire.domain.rails;

import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One payout rail over HTTP; what is sent and how answers read is the rail's {@link PayoutRailProtocol}. */
public final class HttpPayoutRail implements PayoutRail {

    private static final Logger log = LoggerFactory.getLogger(HttpPayoutRail.class);

    private final PayoutRailProtocol protocol;
    private final URI payments;
    private final String callbackUrl;
    private final RailHttp http;

    public HttpPayoutRail(PayoutRailProtocol protocol, String baseUrl, String callbackBaseUrl, Duration connectTimeout,
                          Duration readTimeout, MeterRegistry meters) {
        this.protocol = protocol;
        this.payments = URI.create(baseUrl + protocol.paymentsPath());
        this.callbackUrl = callbackBaseUrl + protocol.callbackPath();
        this.http = new RailHttp(protocol.rail(), connectTimeout, readTimeout, meters);
    }

    @Override
    public Rail rail() {
        return protocol.rail();
    }

    @Override
    public RailAcknowledgement send(PayoutLineCommand line) {
        String reference = line.reference();
        RailAnswer response = http.post(payments, reference, protocol.request(line, callbackUrl));
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            return protocol.accepted(RailMessage.of(http.parse(response)));
        }
        if (RailHttp.isRefusal(status)) {
            RailAcknowledgement refusal = protocol.refused(reference, RailMessage.of(http.parse(response)));
            log.info("{} refused payout {}: {} {}", protocol.rail(), reference, refusal.railResponseCode(),
                    refusal.railResponseDescription());
            return refusal;
        }
        throw new RailUnavailableException(protocol.rail() + " answered HTTP " + status + " to payout " + reference);
    }

    @Override
    public RailResult status(String reference) {
        RailAnswer response = http.get(URI.create(payments + "/"
                + URLEncoder.encode(reference, StandardCharsets.UTF_8)));
        if (response.statusCode() == 404) {
            return new RailResult(reference, RailResult.State.UNKNOWN, null, null, null, null, null, null, null, null);
        }
        if (response.statusCode() != 200) {
            throw new RailUnavailableException(protocol.rail() + " answered HTTP " + response.statusCode()
                    + " to status " + reference);
        }
        return protocol.status(reference, RailMessage.of(http.parse(response)));
    }
}
