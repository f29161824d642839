package com.paywire.activities.settlements;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.rails.accountregistry.AccountLookupProtocol;
import com.paywire.domain.rails.accountregistry.AccountRegistry;
import com.paywire.domain.settlements.AccountChecks;
import com.paywire.workflows.settlements.AccountCheck;
import com.paywire.workflows.settlements.AccountCheckActivities;
import com.paywire.workflows.settlements.AccountCheckCommand;
import org.springframework.stereotype.Component;

/** The bank's account registry asked about a settlement account; only the verdict leaves the activity. */
@Component
public class AccountCheckActivitiesImpl implements AccountCheckActivities {

    private final AccountRegistry registry;

    public AccountCheckActivitiesImpl(AccountRegistry registry) {
        this.registry = registry;
    }

    @Override
    public AccountCheck checkSettlementAccount(AccountCheckCommand command) {
        return reported(() -> AccountChecks.verdict(registry.lookUp(command.checkId(),
                AccountLookupProtocol.BANK_ACCOUNT, command.bankCode(), command.accountNumber()),
                command.accountName()));
    }
}
