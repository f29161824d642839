package com.paywire.domain.rails.accountregistry;

import com.paywire.domain.rails.RailAnswer;
import com.paywire.domain.rails.RailHttp;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.vocabulary.rails.Rail;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.time.Duration;

/** The operators' and banks' account registries over HTTP. */
public final class HttpAccountRegistry implements AccountRegistry {

    private final String walletBaseUrl;
    private final String bankBaseUrl;
    private final RailHttp http;

    public HttpAccountRegistry(String walletBaseUrl, String bankBaseUrl, Duration connectTimeout,
                               Duration readTimeout, MeterRegistry meters) {
        this.walletBaseUrl = walletBaseUrl;
        this.bankBaseUrl = bankBaseUrl;
        this.http = new RailHttp(Rail.ACCOUNT_REGISTRY, connectTimeout, readTimeout, meters);
    }

    @Override
    public AccountLookupProtocol.Answer lookUp(String reference, int validationType, String institutionCode,
                                               String accountNumber) {
        String base = validationType == AccountLookupProtocol.MOBILE_WALLET ? walletBaseUrl : bankBaseUrl;
        RailAnswer response = http.post(URI.create(base + AccountLookupProtocol.path(validationType)),
                reference, AccountLookupProtocol.request(reference, institutionCode, accountNumber));
        return switch (response.statusCode()) {
            case 200 -> AccountLookupProtocol.found(RailMessage.of(http.parse(response)));
            case 404 -> AccountLookupProtocol.notFound(RailMessage.of(http.parse(response)));
            default -> throw new RailUnavailableException("institution " + institutionCode
                    + " answered HTTP " + response.statusCode() + " to account validation " + reference);
        };
    }
}
