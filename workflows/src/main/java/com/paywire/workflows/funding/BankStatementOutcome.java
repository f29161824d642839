package com.paywire.workflows.funding;

import com.paywire.vocabulary.funding.BankEntryResult;
import java.util.List;

/** What became of each entry of a statement, in the statement's order. */
public record BankStatementOutcome(String account, String statementId, List<BankEntryResult> entries) {
}
