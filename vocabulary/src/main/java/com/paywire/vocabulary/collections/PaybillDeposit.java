package com.paywire.vocabulary.collections;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A payment the payer started to a paybill number (C2B), as the rail confirmed it and as Paywire recorded it.
 *
 * @param receiptNumber    the rail's receipt (its TransID): one deposit per receipt
 * @param accountReference the AccountNo the payer typed
 * @param clientId         the client it names, then the client credited; null for a deposit held in suspense
 * @param clientReference  the AccountNo less the client's prefix: the client's own reference of the payment
 * @param fee              Paywire's fee, once credited
 * @param statusReason     why the deposit is held in suspense, or null
 */
public record PaybillDeposit(UUID id, String receiptNumber, String shortCode, String accountReference,
                             BigDecimal amount, String phoneNumber, OffsetDateTime transactionTime, String clientId,
                             String clientReference, BigDecimal fee, PaybillDepositStatus status, String statusReason,
                             boolean workflowStarted, OffsetDateTime createdAt, OffsetDateTime closedAt) {

    /**
     * A deposit as the rail's confirmation announced it, not yet recorded in the ledger.
     *
     * @param clientId the client it names, which sees it from now on; null when it names none
     */
    public static PaybillDeposit received(UUID id, String receiptNumber, String shortCode, String accountReference,
                                          BigDecimal amount, String phoneNumber, OffsetDateTime transactionTime,
                                          String clientId, String clientReference, OffsetDateTime now) {
        return new PaybillDeposit(id, receiptNumber, shortCode, accountReference, amount, phoneNumber,
                transactionTime, clientId, clientReference, null, PaybillDepositStatus.RECEIVED, null, false, now,
                null);
    }
}
