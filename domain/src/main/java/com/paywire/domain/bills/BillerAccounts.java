package com.paywire.domain.bills;

import com.paywire.domain.UnavailableException;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailMessageException;
import com.paywire.domain.rails.biller.BillerProtocol;
import com.paywire.domain.rails.biller.BillerProtocol.BillerAccount;
import com.paywire.persistence.bills.BillService;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Asks a biller about an account, synchronously: saving a bill number, querying a bill and validating an account
 * are answered in the client's response, so they cannot wait for a workflow. Nothing is moved, so a lost answer
 * costs only a retry by the client. At most {@link #ANSWER_WITHIN} per question.
 */
@Component
public class BillerAccounts {

    /** How long a biller has to answer before the client is told to try again (503). */
    public static final Duration ANSWER_WITHIN = Duration.ofSeconds(5);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final URI lookup;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(ANSWER_WITHIN).build();

    public BillerAccounts(@Value("${paywire.rails.biller-base-url}") String billerBaseUrl) {
        this.lookup = URI.create(billerBaseUrl + BillerProtocol.LOOKUP_PATH);
    }

    /**
     * @return the account as the biller describes it, or empty when the biller does not know it
     * @throws UnavailableException when the biller does not answer in time, or answers nonsense
     */
    public Optional<BillerAccount> lookUp(BillService service, String accountNumber) {
        String body = JSON.writeValueAsString(BillerProtocol.lookupRequest(UUID.randomUUID().toString(),
                service.serviceCode(), accountNumber));
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(lookup).timeout(ANSWER_WITHIN)
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(), HttpResponse.BodyHandlers.ofString());
            return switch (response.statusCode()) {
                case 200 -> Optional.of(BillerProtocol.account(RailMessage.parse(response.body())));
                case 404 -> Optional.empty();
                default -> throw unavailable(service);
            };
        } catch (IOException | RailMessageException e) {
            throw unavailable(service);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable(service);
        }
    }

    private static UnavailableException unavailable(BillService service) {
        return new UnavailableException(service.name() + " did not answer in time; try again");
    }
}
