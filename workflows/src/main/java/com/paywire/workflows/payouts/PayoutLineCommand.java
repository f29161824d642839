package com.paywire.workflows.payouts;

import com.paywire.vocabulary.rails.Rail;
import java.math.BigDecimal;

/**
 * What one line workflow needs to pay: the money, where it goes, and its identifiers.
 *
 * @param systemTraceAuditNumber the client's line id, unique among that client's lines only
 * @param account                the wallet phone number, bank account, paybill or till number
 * @param institutionCode        the MCCMNC for wallets, the bank code for bank transfers
 * @param orderWaitsForSlots     the order has more lines than may be in flight: this line must tell it when
 *                               its slot is free
 * @param accountReference       the account paid at a business (paybill), sent to the rail with the payout; null
 *                               otherwise (and in commands recorded before it existed)
 * @param railReference          the line's key across the platform (see {@link #reference()}); null in commands
 *                               recorded before it existed
 */
public record PayoutLineCommand(String clientId, String orderId, String lineId, String systemTraceAuditNumber,
                                Rail rail, int transactionTypeId, BigDecimal amount, String currency,
                                String account, String accountName, String institutionCode, String remarks,
                                PayoutTiming timing, boolean orderWaitsForSlots, String accountReference,
                                String railReference) {

    /**
     * How the rail (its reference and idempotency key), the ledger, Paywire's events and the line's activities know
     * the line: its rail reference, or the stan in commands recorded when the stan was all a line had.
     */
    public String reference() {
        return railReference != null ? railReference : systemTraceAuditNumber;
    }
}
