package com.paywire.vocabulary.funding;

import java.util.List;

/**
 * A statement of the platform's bank account, read from camt.053 or MT940.
 *
 * @param account     the account it is of (camt {@code Acct/Id}, MT940 :25:)
 * @param statementId the bank's id of the statement (camt {@code Stmt/Id}; MT940 :20: and :28C:)
 * @param format      {@code camt.053.001.02}, {@code camt.053.001.08} or {@code MT940}
 * @param entries     in the statement's order
 */
public record BankStatement(String account, String statementId, String format, List<BankEntry> entries) {

    public BankStatement {
        entries = List.copyOf(entries);
    }
}
