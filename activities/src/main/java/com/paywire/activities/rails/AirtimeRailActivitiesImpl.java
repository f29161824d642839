package com.paywire.activities.rails;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.rails.RailHttp;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.airtime.AirtimeRailProtocol;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.airtime.AirtimeRecipient;
import com.paywire.persistence.airtime.AirtimeStore;
import com.paywire.workflows.airtime.AirtimeRailActivities;
import com.paywire.workflows.airtime.TopUpOutcome;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * HTTP adapter of the networks' airtime rail (top-ups and their status query); the protocol is
 * {@link AirtimeRailProtocol}. The number and amount
 * come from the store, the outcome's codes and receipt go to the workflow.
 */
@Component
public class AirtimeRailActivitiesImpl implements AirtimeRailActivities {

    private final AirtimeStore purchases;
    private final URI topUps;
    private final URI statusQueries;
    private final Duration readTimeout;
    private final RailHttp http;

    public AirtimeRailActivitiesImpl(AirtimeStore purchases, RailsProperties properties) {
        this.purchases = purchases;
        this.topUps = URI.create(properties.airtimeBaseUrl() + AirtimeRailProtocol.TOPUP_PATH);
        this.statusQueries = URI.create(properties.airtimeBaseUrl() + AirtimeRailProtocol.STATUS_PATH);
        this.readTimeout = properties.readTimeout();
        this.http = new RailHttp("AIRTIME", properties.connectTimeout());
    }

    @Override
    public TopUpOutcome topUp(String recipientId) {
        return reported(() -> {
            AirtimeRecipient recipient = recipient(recipientId);
            HttpResponse<String> response = http.exchange(post(topUps, recipient)
                    .header("Idempotency-Key", recipientId).build());
            if (response.statusCode() == 200) {
                return AirtimeRailProtocol.toppedUp(recipientId, RailMessage.of(http.parse(response)));
            }
            if (RailHttp.isRefusal(response.statusCode())) {
                return AirtimeRailProtocol.refused(recipientId, RailMessage.of(http.parse(response)));
            }
            throw new RailUnavailableException("the " + recipient.network() + " airtime rail answered HTTP "
                    + response.statusCode() + " to top-up " + recipientId);
        });
    }

    @Override
    public TopUpOutcome queryTopUp(String recipientId) {
        return reported(() -> {
            AirtimeRecipient recipient = recipient(recipientId);
            HttpResponse<String> response = http.exchange(post(statusQueries, recipient).build());
            if (response.statusCode() == 404) {
                return AirtimeRailProtocol.neverReceived(recipientId);
            }
            TopUpOutcome outcome = response.statusCode() == 200
                    ? AirtimeRailProtocol.status(recipientId, RailMessage.of(http.parse(response))) : null;
            if (outcome == null) {
                // failing is how the workflow's policy asks again later, without a timer per question in its history
                throw new RailUnavailableException("the " + recipient.network() + " airtime rail answered HTTP "
                        + response.statusCode() + " to the status of top-up " + recipientId + " without an outcome");
            }
            return outcome;
        });
    }

    private AirtimeRecipient recipient(String recipientId) {
        return purchases.findRecipient(UUID.fromString(recipientId))
                .orElseThrow(() -> new InvariantViolationException("no airtime recipient " + recipientId));
    }

    /** The top-up and its status query carry the same body. */
    private HttpRequest.Builder post(URI uri, AirtimeRecipient recipient) {
        return HttpRequest.newBuilder(uri).timeout(readTimeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(RailHttp.JSON.writeValueAsString(
                        AirtimeRailProtocol.request(recipient.id().toString(), recipient.network(),
                                recipient.phoneNumber(), recipient.amount(), recipient.currency()))));
    }
}
