package com.paywire.activities.funding;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.funding.BankFunding;
import com.paywire.vocabulary.funding.BankEntry;
import com.paywire.vocabulary.funding.BankEntryResult;
import com.paywire.workflows.funding.BankStatementActivities;
import org.springframework.stereotype.Component;

/** A bank statement's entries, one step each, through {@link BankFunding}, which moves each entry's money once. */
@Component
public class BankStatementActivitiesImpl implements BankStatementActivities {

    private final BankFunding funding;

    public BankStatementActivitiesImpl(BankFunding funding) {
        this.funding = funding;
    }

    @Override
    public BankEntryResult applyBankEntry(String statementKey, String run, String account, String statementId,
                                          BankEntry entry) {
        return reported(() -> funding.apply(statementKey, run, account, statementId, entry));
    }
}
