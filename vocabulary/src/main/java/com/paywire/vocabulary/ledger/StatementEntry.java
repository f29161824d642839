package com.paywire.vocabulary.ledger;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * One posted entry, as a balance transaction. Amounts are signed as the account sees them: {@code net} (the
 * entry's {@code amount}) is positive when it credits the account, {@code fee} is positive when the account
 * bore a fee (a collection's, a payout's) and negative when one was given back to it (a refund's fee share),
 * and {@code gross = net + fee}: what the payer paid or was paid back. A payout's fee is an entry of its own:
 * gross 0.00, fee the fee, net its negation.
 *
 * @param product          PAYOUT, EXPRESS_DEPOSIT, CHECKOUT, AIRTIME, BILL, CARD, PAYBILL_DEPOSIT, FUNDING or
 *                         OTHER
 * @param clientReference  the client's own id of the payment: a payout line's stan, a paybill deposit's
 *                         AccountNo less the prefix, otherwise the originatorConversationId
 * @param paywireReference Paywire's id of the payment (its systemConversationId)
 * @param fee              whether the entry is the fee of the payment rather than its amount
 * @param paymentId        Paywire's id of the payment as its ledger key names it (a payout line's rail
 *                         reference, an airtime recipient's id, a CaptureId, a deposit's id); null for an
 *                         entry of no product
 * @param receiptNumber    the rail's receipt of the payment (what the payer's or recipient's message shows),
 *                         where the rail gave one
 * @param availableAt      when the money became available on the account (or left it): the entry's posting,
 *                         as Paywire has no settlement delay
 */
public record StatementEntry(long id, OffsetDateTime time, String description, String product, String clientReference,
                             String paywireReference, boolean fee, BigDecimal amount, BigDecimal runningBalance,
                             BalanceTransactionType type, BigDecimal grossAmount, BigDecimal feeAmount,
                             BigDecimal netAmount, String paymentId, String receiptNumber, OffsetDateTime availableAt) {
}
