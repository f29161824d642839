package com.paywire.domain.settlements;

import com.paywire.domain.rails.accountregistry.AccountLookupProtocol;
import com.paywire.vocabulary.lookups.KycResponseCode;
import com.paywire.vocabulary.rules.kyc.NameMatch;
import com.paywire.vocabulary.rules.kyc.PersonNames;
import com.paywire.workflows.accountvalidation.LookupOutcome;
import com.paywire.workflows.settlements.AccountCheck;

/**
 * What the bank's account registry's answer means for settlement instructions: the account must exist, be able to
 * receive money and be held under the name given, compared as KYC compares names ({@link NameMatch}: case, accents,
 * punctuation and word order do not matter, and every word given must be one of the holder's).
 */
public final class AccountChecks {

    private AccountChecks() {
    }

    public static AccountCheck verdict(AccountLookupProtocol.Answer answer, String accountName) {
        return switch (answer.outcome().resultCode()) {
            case LookupOutcome.FOUND -> names(answer.holderName(), accountName);
            case LookupOutcome.NOT_FOUND -> AccountCheck.UNKNOWN_ACCOUNT;
            case LookupOutcome.INACTIVE -> AccountCheck.INACTIVE;
            default -> AccountCheck.UNAVAILABLE;
        };
    }

    static AccountCheck names(String holder, String given) {
        if (holder == null || holder.isBlank()) {
            return AccountCheck.NAME_MISMATCH;
        }
        KycResponseCode code = NameMatch.compare(new PersonNames(null, null, null, given, null),
                new PersonNames(null, null, null, holder, null)).code();
        return code == KycResponseCode.VERIFIED ? AccountCheck.MATCHED : AccountCheck.NAME_MISMATCH;
    }
}
