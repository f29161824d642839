package com.paywire.workflows.settlements;

import io.temporal.activity.ActivityInterface;

/** The bank's account registry, asked who holds an account settlement instructions name. */
@ActivityInterface
public interface AccountCheckActivities {

    /** Asks the registry and compares the holder's name with the one given (KYC's name matching). */
    AccountCheck checkSettlementAccount(AccountCheckCommand command);
}
