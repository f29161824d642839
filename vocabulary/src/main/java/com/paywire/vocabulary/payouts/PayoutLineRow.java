package com.paywire.vocabulary.payouts;

import com.paywire.vocabulary.rails.Rail;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A payout line as stored: the request as submitted and its outcome so far.
 *
 * @param rail             stored by its name
 * @param remitter         null on lines sent without one
 * @param creditAccount    what the rail credits (wallet, bank account, paybill or till); null on lines accepted
 *                         before it was kept, which read it from the recipient
 * @param accountReference the account paid at a business (paybill), or null
 * @param railReference    the line's key across the platform: its reference and idempotency key at the rail, and
 *                         the key of its ledger transfers and events; Paywire's id of the line, or, on lines accepted
 *                         before V14, their stan (which clients choose, unique per client only)
 * @param transactionStatus stored and answered as its code
 */
public record PayoutLineRow(UUID id, UUID orderId, String clientId, int lineNumber, String systemTraceAuditNumber,
                            Rail rail, UUID routeId, int routeTransactionTypeId, int channelType,
                            BigDecimal amount, String currency, String reference, PayoutRemitter remitter,
                            PayoutRecipient recipient, BigDecimal feeAmount, String trackingNumber,
                            LineStatus transactionStatus, String transactionStatusDescription, String resultCode,
                            String resultCodeDescription, BigDecimal workingAccountAvailableFunds,
                            BigDecimal utilityAccountAvailableFunds, BigDecimal walletBalance,
                            OffsetDateTime transactionDate, String transactionCreditParty,
                            String thirdPartyPayloadJson, String creditAccount, String accountReference,
                            String railReference) {

    /** What intake decided of a line: where it goes and how, as the client asked. */
    public record Request(String systemTraceAuditNumber, Rail rail, UUID routeId, int routeTransactionTypeId,
                          int channelType, BigDecimal amount, String currency, String reference,
                          PayoutRemitter remitter, PayoutRecipient recipient, String creditAccount,
                          String accountReference) {
    }

    /** A line as accepted: Pending, with no outcome yet. */
    public static PayoutLineRow pending(UUID id, UUID orderId, String clientId, int lineNumber, Request request,
                                        BigDecimal feeAmount, String trackingNumber, String railReference) {
        return new PayoutLineRow(id, orderId, clientId, lineNumber, request.systemTraceAuditNumber(), request.rail(),
                request.routeId(), request.routeTransactionTypeId(), request.channelType(), request.amount(),
                request.currency(), request.reference(), request.remitter(), request.recipient(), feeAmount,
                trackingNumber, LineStatus.PENDING, LineStatus.PENDING.description(), null, null, null, null, null,
                null, null, null, request.creditAccount(), request.accountReference(), railReference);
    }
}
