package com.paywire.domain.rails.biller;

import com.paywire.domain.rails.RailAnswer;
import com.paywire.domain.rails.RailHttp;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.biller.BillerProtocol.BillerAccount;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.bills.BillerAnswer;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/** The biller aggregator over HTTP. */
public final class HttpBillerRail implements BillerRail {

    private final String baseUrl;
    private final RailHttp http;

    public HttpBillerRail(String baseUrl, Duration connectTimeout, Duration readTimeout, MeterRegistry meters) {
        this.baseUrl = baseUrl;
        this.http = new RailHttp(Rail.BILLER, connectTimeout, readTimeout, meters);
    }

    @Override
    public Optional<BillerAccount> lookUp(String reference, String serviceCode, String accountNumber) {
        RailAnswer response = http.post(URI.create(baseUrl + BillerProtocol.LOOKUP_PATH), null,
                BillerProtocol.lookupRequest(reference, serviceCode, accountNumber));
        return switch (response.statusCode()) {
            case 200 -> Optional.of(BillerProtocol.account(RailMessage.of(http.parse(response))));
            case 404 -> Optional.empty();
            default -> throw new RailUnavailableException("BILLER answered HTTP " + response.statusCode()
                    + " to account lookup " + reference);
        };
    }

    @Override
    public BillerAnswer pay(String reference, String serviceCode, String accountNumber, BigDecimal amount,
                            String msisdn) {
        RailAnswer response = http.post(URI.create(baseUrl + BillerProtocol.PAYMENTS_PATH), reference,
                BillerProtocol.paymentRequest(reference, serviceCode, accountNumber, amount, msisdn));
        int status = response.statusCode();
        if (status == 200 || status == 202) {
            return BillerProtocol.payment(RailMessage.of(http.parse(response)));
        }
        if (RailHttp.isRefusal(status)) {
            return BillerProtocol.refusal(RailMessage.of(http.parse(response)));
        }
        throw new RailUnavailableException("BILLER answered HTTP " + status + " to bill payment " + reference);
    }

    @Override
    public BillerAnswer status(String reference, String accountNumber) {
        RailAnswer response = http.get(URI.create(baseUrl
                + BillerProtocol.statusPath(reference, accountNumber)));
        if (response.statusCode() == 404) {
            return new BillerAnswer(BillerAnswer.State.UNKNOWN, null, null, null);
        }
        if (response.statusCode() != 200) {
            throw new RailUnavailableException("BILLER answered HTTP " + response.statusCode()
                    + " to the status of bill payment " + reference);
        }
        return BillerProtocol.payment(RailMessage.of(http.parse(response)));
    }
}
