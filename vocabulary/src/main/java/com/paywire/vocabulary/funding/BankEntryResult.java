package com.paywire.vocabulary.funding;

import java.math.BigDecimal;

/**
 * What became of one entry of a posted bank statement (the statement workflow's answer, entry by entry).
 *
 * @param clientId         the client credited (CREDITED; ALREADY_PROCESSED when an earlier statement credited one)
 * @param fundingReference the valid funding reference the remittance named, if any
 * @param reason           why an entry was held in suspense or left alone; null when credited
 */
public record BankEntryResult(String entryReference, boolean credit, BigDecimal amount, String currency,
                              BankEntryOutcome outcome, String clientId, String fundingReference, String reason) {
}
