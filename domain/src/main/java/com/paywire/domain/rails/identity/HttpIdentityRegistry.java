package com.paywire.domain.rails.identity;

import com.paywire.domain.rails.RailAnswer;
import com.paywire.domain.rails.RailHttp;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.identity.IdentityRegistryProtocol.RegisteredPerson;
import com.paywire.vocabulary.rails.Rail;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/** The identity registry over HTTP. No personal data goes into a failure's message. */
public final class HttpIdentityRegistry implements IdentityRegistry {

    private final URI lookup;
    private final RailHttp http;

    public HttpIdentityRegistry(String baseUrl, Duration connectTimeout, Duration readTimeout, MeterRegistry meters) {
        this.lookup = URI.create(baseUrl + IdentityRegistryProtocol.LOOKUP_PATH);
        this.http = new RailHttp(Rail.IDENTITY_REGISTRY, connectTimeout, readTimeout, meters);
    }

    @Override
    public Optional<RegisteredPerson> lookUp(String reference, String nationalId) {
        RailAnswer response = http.post(lookup, reference,
                IdentityRegistryProtocol.request(reference, nationalId));
        return switch (response.statusCode()) {
            case 200 -> Optional.of(IdentityRegistryProtocol.found(RailMessage.of(http.parse(response))));
            case 404 -> Optional.empty();
            default -> throw new RailUnavailableException("IDENTITY_REGISTRY answered HTTP "
                    + response.statusCode() + " to KYC request " + reference);
        };
    }
}
