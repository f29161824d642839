package com.paywire.persistence.payouts;

import com.paywire.vocabulary.payouts.LineStatus;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A payout line as stored: the request as submitted (remitter and recipient as JSON) and its outcome so far.
 *
 * @param creditAccount    what the rail credits (wallet, bank account, paybill or till); null on lines accepted
 *                         before it was kept, which read it from the recipient
 * @param accountReference the account paid at a business (paybill), or null
 * @param railReference    the line's key across the platform: its reference and idempotency key at the rail, and
 *                         the key of its ledger transfers and events; Paywire's id of the line, or, on lines accepted
 *                         before V14, their stan (which clients choose, unique per client only)
 * @param transactionStatus stored and answered as its code
 */
public record PayoutLineRow(UUID id, UUID orderId, String clientId, int lineNumber, String systemTraceAuditNumber,
                            String rail, UUID routeId, int routeTransactionTypeId, int channelType,
                            BigDecimal amount, String currency, String reference, String remitterJson,
                            String recipientJson, BigDecimal feeAmount, String trackingNumber,
                            LineStatus transactionStatus, String transactionStatusDescription, String resultCode,
                            String resultCodeDescription, BigDecimal workingAccountAvailableFunds,
                            BigDecimal utilityAccountAvailableFunds, BigDecimal walletBalance,
                            OffsetDateTime transactionDate, String transactionCreditParty,
                            String thirdPartyPayloadJson, String creditAccount, String accountReference,
                            String railReference) {
}
