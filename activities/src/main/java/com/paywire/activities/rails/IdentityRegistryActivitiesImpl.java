package com.paywire.activities.rails;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.rails.RailHttp;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.kyc.NameMatch;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.identity.IdentityRegistryProtocol;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.kyc.KycPersonalData;
import com.paywire.persistence.kyc.KycRequest;
import com.paywire.persistence.kyc.KycStore;
import com.paywire.workflows.kyc.IdentityRegistryActivities;
import com.paywire.workflows.kyc.KycVerdict;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * HTTP adapter of the national identity registry; the protocol is {@link IdentityRegistryProtocol}, the comparison
 * {@link NameMatch}. Reads the person from the sealed store and answers a verdict: no personal data enters the
 * workflow's history, and none is put in a failure's message.
 */
@Component
public class IdentityRegistryActivitiesImpl implements IdentityRegistryActivities {

    private final KycStore requests;
    private final URI lookup;
    private final Duration readTimeout;
    private final RailHttp http;

    public IdentityRegistryActivitiesImpl(KycStore requests, RailsProperties properties) {
        this.requests = requests;
        this.lookup = URI.create(properties.identityRegistryBaseUrl() + IdentityRegistryProtocol.LOOKUP_PATH);
        this.readTimeout = properties.readTimeout();
        this.http = new RailHttp("IDENTITY_REGISTRY", properties.connectTimeout());
    }

    @Override
    public KycVerdict verify(String requestId) {
        return reported(() -> {
            KycRequest request = requests.find(UUID.fromString(requestId))
                    .orElseThrow(() -> new InvariantViolationException("no KYC request " + requestId));
            KycPersonalData person = request.personal();
            if (person == null) {
                throw new InvariantViolationException("KYC request " + requestId + " has no personal data to verify");
            }
            HttpResponse<String> response = http.exchange(HttpRequest.newBuilder(lookup)
                    .timeout(readTimeout)
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", requestId)
                    .POST(HttpRequest.BodyPublishers.ofString(RailHttp.JSON.writeValueAsString(
                            IdentityRegistryProtocol.request(requestId, person.nationalId()))))
                    .build());
            return switch (response.statusCode()) {
                case 200 -> NameMatch.compare(person, IdentityRegistryProtocol.found(RailMessage.of(http.parse(response))));
                case 404 -> new KycVerdict(KycVerdict.NOT_FOUND, "The national ID is not in the registry", Map.of());
                default -> throw new RailUnavailableException("IDENTITY_REGISTRY answered HTTP "
                        + response.statusCode() + " to KYC request " + requestId);
            };
        });
    }
}
