package com.paywire.domain.rails.airtime;

import com.paywire.domain.rails.RailAnswer;
import com.paywire.domain.rails.RailHttp;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.persistence.airtime.AirtimeRecipient;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.airtime.TopUpOutcome;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.Map;

/** The airtime rail over HTTP. */
public final class HttpAirtimeRail implements AirtimeRail {

    private final URI topUps;
    private final URI statusQueries;
    private final RailHttp http;

    public HttpAirtimeRail(String baseUrl, Duration connectTimeout, Duration readTimeout, MeterRegistry meters) {
        this.topUps = URI.create(baseUrl + AirtimeRailProtocol.TOPUP_PATH);
        this.statusQueries = URI.create(baseUrl + AirtimeRailProtocol.STATUS_PATH);
        this.http = new RailHttp(Rail.AIRTIME, connectTimeout, readTimeout, meters);
    }

    @Override
    public TopUpOutcome topUp(String reference, AirtimeRecipient recipient) {
        RailAnswer response = http.post(topUps, reference, request(recipient));
        if (response.statusCode() == 200) {
            return AirtimeRailProtocol.toppedUp(reference, RailMessage.of(http.parse(response)));
        }
        if (RailHttp.isRefusal(response.statusCode())) {
            return AirtimeRailProtocol.refused(reference, RailMessage.of(http.parse(response)));
        }
        throw new RailUnavailableException("the " + recipient.network() + " airtime rail answered HTTP "
                + response.statusCode() + " to top-up " + reference);
    }

    @Override
    public TopUpOutcome status(String reference, AirtimeRecipient recipient) {
        RailAnswer response = http.post(statusQueries, null, request(recipient));
        if (response.statusCode() == 404) {
            return AirtimeRailProtocol.neverReceived(reference);
        }
        TopUpOutcome outcome = response.statusCode() == 200
                ? AirtimeRailProtocol.status(reference, RailMessage.of(http.parse(response))) : null;
        if (outcome == null) {
            // failing is how the workflow's policy asks again later, without a timer per question in its history
            throw new RailUnavailableException("the " + recipient.network() + " airtime rail answered HTTP "
                    + response.statusCode() + " to the status of top-up " + reference + " without an outcome");
        }
        return outcome;
    }

    /** The top-up and its status query carry the same body. */
    private static Map<String, Object> request(AirtimeRecipient recipient) {
        return AirtimeRailProtocol.request(recipient.id().toString(), recipient.network().name(),
                recipient.phoneNumber(), recipient.amount(), recipient.currency());
    }
}
