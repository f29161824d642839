package com.paywire.activities.rails;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.rails.RailHttp;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.bills.BillerAccounts;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.biller.BillerProtocol;
import com.paywire.domain.rails.biller.BillerProtocol.BillerAccount;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.bills.BillPayment;
import com.paywire.persistence.bills.BillPaymentStore;
import com.paywire.persistence.bills.BillService;
import com.paywire.persistence.bills.BillServiceStore;
import com.paywire.workflows.bills.BillerActivities;
import com.paywire.workflows.bills.BillerAnswer;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * HTTP adapter of the biller aggregator for payments; the protocol is {@link BillerProtocol}. The account lookup is
 * {@link BillerAccounts}'s, the one the API asks while a client waits.
 */
@Component
public class BillerActivitiesImpl implements BillerActivities {

    private final BillPaymentStore payments;
    private final BillServiceStore services;
    private final BillerAccounts billers;
    private final String baseUrl;
    private final Duration readTimeout;
    private final RailHttp http;

    public BillerActivitiesImpl(BillPaymentStore payments, BillServiceStore services, BillerAccounts billers,
                                RailsProperties properties) {
        this.payments = payments;
        this.services = services;
        this.billers = billers;
        this.baseUrl = properties.billerBaseUrl();
        this.readTimeout = properties.readTimeout();
        this.http = new RailHttp("BILLER", properties.connectTimeout());
    }

    @Override
    public boolean validateAccount(String paymentId) {
        return reported(() -> {
            BillPayment payment = payment(paymentId);
            Optional<BillerAccount> account = billers.lookUp(service(payment), payment.accountNumber());
            account.ifPresent(known -> payments.recordAccount(payment.id(), known.accountName(), known.balance(),
                    known.dueDate()));
            return account.map(BillerAccount::active).orElse(false);
        });
    }

    @Override
    public BillerAnswer pay(String paymentId) {
        return reported(() -> {
            BillPayment payment = payment(paymentId);
            HttpResponse<String> response = http.exchange(post(BillerProtocol.PAYMENTS_PATH, paymentId,
                    BillerProtocol.paymentRequest(paymentId, service(payment).serviceCode(), payment.accountNumber(),
                            payment.amount(), payment.msisdn())));
            int status = response.statusCode();
            if (status == 200 || status == 202) {
                return BillerProtocol.payment(RailMessage.of(http.parse(response)));
            }
            if (RailHttp.isRefusal(status)) {
                return BillerProtocol.refusal(RailMessage.of(http.parse(response)));
            }
            throw new RailUnavailableException("BILLER answered HTTP " + status + " to bill payment " + paymentId);
        });
    }

    @Override
    public BillerAnswer confirm(String paymentId) {
        return reported(() -> {
            HttpResponse<String> response = http.exchange(HttpRequest.newBuilder(URI.create(baseUrl
                            + BillerProtocol.statusPath(paymentId, payment(paymentId).accountNumber())))
                    .timeout(readTimeout).GET().build());
            if (response.statusCode() == 404) {
                return new BillerAnswer(BillerAnswer.State.UNKNOWN, null, null, null);
            }
            if (response.statusCode() != 200) {
                throw new RailUnavailableException("BILLER answered HTTP " + response.statusCode()
                        + " to the status of bill payment " + paymentId);
            }
            BillerAnswer answer = BillerProtocol.payment(RailMessage.of(http.parse(response)));
            if (answer.state() == BillerAnswer.State.PENDING) {
                // failing is how the settlement policy asks again later, without a timer per question in the history
                throw new RailUnavailableException("bill payment " + paymentId + " is still pending at the biller");
            }
            return answer;
        });
    }

    private HttpRequest post(String path, String paymentId, Object body) {
        return HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(readTimeout)
                .header("Content-Type", "application/json").header("Idempotency-Key", paymentId)
                .POST(HttpRequest.BodyPublishers.ofString(RailHttp.JSON.writeValueAsString(body))).build();
    }

    private BillPayment payment(String paymentId) {
        return payments.find(UUID.fromString(paymentId))
                .orElseThrow(() -> new InvariantViolationException("no bill payment " + paymentId));
    }

    private BillService service(BillPayment payment) {
        return services.find(payment.serviceId())
                .orElseThrow(() -> new InvariantViolationException("no bill service " + payment.serviceId()));
    }
}
