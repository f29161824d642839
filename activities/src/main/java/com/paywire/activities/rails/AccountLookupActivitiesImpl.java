package com.paywire.activities.rails;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.rails.RailHttp;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.accountregistry.AccountLookupProtocol;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.accountvalidation.AccountHolder;
import com.paywire.persistence.accountvalidation.AccountValidation;
import com.paywire.persistence.accountvalidation.AccountValidationStore;
import com.paywire.workflows.accountvalidation.AccountLookupActivities;
import com.paywire.workflows.accountvalidation.LookupOutcome;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * HTTP adapter of the institutions' account-holder lookups (mobile-money operators and banks); the protocol is
 * {@link AccountLookupProtocol}. The holder's name goes to the sealed store, the outcome's codes to the workflow.
 */
@Component
public class AccountLookupActivitiesImpl implements AccountLookupActivities {

    private final AccountValidationStore validations;
    private final String walletRail;
    private final String bankRail;
    private final Duration readTimeout;
    private final RailHttp http;

    public AccountLookupActivitiesImpl(AccountValidationStore validations, RailsProperties properties) {
        this.validations = validations;
        this.walletRail = properties.mobileMoneyBaseUrl();
        this.bankRail = properties.bankBaseUrl();
        this.readTimeout = properties.readTimeout();
        this.http = new RailHttp("ACCOUNT_LOOKUP", properties.connectTimeout());
    }

    @Override
    public LookupOutcome lookUp(String validationId) {
        return reported(() -> {
            AccountValidation validation = validations.find(UUID.fromString(validationId))
                    .orElseThrow(() -> new InvariantViolationException("no account validation " + validationId));
            if (validation.holder() == null) {
                throw new InvariantViolationException("account validation " + validationId + " has no account number");
            }
            String base = validation.validationType() == AccountLookupProtocol.MOBILE_WALLET ? walletRail : bankRail;
            HttpResponse<String> response = http.exchange(HttpRequest.newBuilder(
                            URI.create(base + AccountLookupProtocol.path(validation.validationType())))
                    .timeout(readTimeout)
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", validationId)
                    .POST(HttpRequest.BodyPublishers.ofString(RailHttp.JSON.writeValueAsString(
                            AccountLookupProtocol.request(validationId, validation.institutionCode(),
                                    validation.holder().accountNumber()))))
                    .build());
            AccountLookupProtocol.Answer answer = switch (response.statusCode()) {
                case 200 -> AccountLookupProtocol.found(RailMessage.of(http.parse(response)));
                case 404 -> AccountLookupProtocol.notFound(RailMessage.of(http.parse(response)));
                default -> throw new RailUnavailableException("institution " + validation.institutionCode()
                        + " answered HTTP " + response.statusCode() + " to account validation " + validationId);
            };
            if (answer.holderName() != null) {
                validations.recordHolder(validation.id(),
                        new AccountHolder(validation.holder().accountNumber(), answer.holderName()));
            }
            return answer.outcome();
        });
    }
}
