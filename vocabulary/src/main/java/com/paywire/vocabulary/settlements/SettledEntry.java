package com.paywire.vocabulary.settlements;

import com.paywire.vocabulary.ledger.BalanceTransactionType;
import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * One posted entry of the utility account that a settlement settles: the statement entry of the same id
 * ({@code GET /v1/customer-accounts/statement}), with what it moved on the account.
 *
 * @param product   the statement's name of the entry's product, OTHER when its key names none
 * @param paymentId Paywire's id of the payment the entry belongs to, from its ledger key; null for none
 * @param amount    what the entry moved on the utility account (a credit positive, a debit negative)
 */
public record SettledEntry(long entryId, OffsetDateTime postedAt, BalanceTransactionType type, String product,
                           String paymentId, String description, BigDecimal amount) {
}
