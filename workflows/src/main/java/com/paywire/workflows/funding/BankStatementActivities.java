package com.paywire.workflows.funding;

import com.paywire.vocabulary.funding.BankEntry;
import com.paywire.vocabulary.funding.BankEntryResult;
import io.temporal.activity.ActivityInterface;

/** The ledger side of a bank statement. Idempotent: a retry of an entry's step answers what its first try did. */
@ActivityInterface
public interface BankStatementActivities {

    /**
     * Decides one entry and moves its money, once per bank reference (domain/funding/BankFunding#apply).
     *
     * @param statementKey {@code account:statement id}
     * @param run          the workflow's run, which a retry of the same run is told apart by
     */
    BankEntryResult applyBankEntry(String statementKey, String run, String account, String statementId,
                                   BankEntry entry);
}
