package com.paywire.activities.rails;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.rails.accountregistry.AccountLookupProtocol;
import com.paywire.domain.rails.accountregistry.AccountRegistry;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.vocabulary.lookups.AccountHolder;
import com.paywire.vocabulary.lookups.AccountValidation;
import com.paywire.persistence.accountvalidation.AccountValidationStore;
import com.paywire.workflows.accountvalidation.AccountLookupActivities;
import com.paywire.workflows.accountvalidation.LookupOutcome;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The institutions' account-holder lookups ({@link AccountRegistry}) as an activity. The holder's name goes to the
 * sealed store, the outcome's codes to the workflow.
 */
@Component
public class AccountLookupActivitiesImpl implements AccountLookupActivities {

    private final AccountValidationStore validations;
    private final AccountRegistry registry;

    public AccountLookupActivitiesImpl(AccountValidationStore validations, AccountRegistry registry) {
        this.validations = validations;
        this.registry = registry;
    }

    @Override
    public LookupOutcome lookUp(String validationId) {
        return reported(() -> {
            AccountValidation validation = validations.find(UUID.fromString(validationId))
                    .orElseThrow(() -> new InvariantViolationException("no account validation " + validationId));
            if (validation.holder() == null) {
                throw new InvariantViolationException("account validation " + validationId + " has no account number");
            }
            AccountLookupProtocol.Answer answer = registry.lookUp(validationId, validation.validationType(),
                    validation.institutionCode(), validation.holder().accountNumber());
            if (answer.holderName() != null) {
                validations.recordHolder(validation.id(),
                        new AccountHolder(validation.holder().accountNumber(), answer.holderName()));
            }
            return answer.outcome();
        });
    }
}
