package com.paywire.vocabulary.funding;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;

/**
 * A bank statement's entry that moved money (a row of {@code bank_statement_entries}, V43): credited to a client,
 * or held in funding suspense and perhaps assigned to one by an operator since.
 *
 * @param statementRun     the run of the statement's workflow that recorded it: a retry of that run's step answers
 *                         what it decided, any other run {@link BankEntryOutcome#ALREADY_PROCESSED}
 * @param outcome          {@link BankEntryOutcome#CREDITED} or {@link BankEntryOutcome#SUSPENDED}
 * @param clientId         the client credited; null while in suspense
 * @param assignedClientId the client an operator assigned it to from suspense; null: not assigned
 */
public record FundingEntry(String entryReference, String statementKey, String statementRun, String account,
                           String statementId, BigDecimal amount, String currency, String remittance,
                           LocalDate bookingDate, String fundingReference, BankEntryOutcome outcome, String clientId,
                           String suspenseReason, String assignedClientId, OffsetDateTime assignedAt,
                           OffsetDateTime recordedAt) {
}
