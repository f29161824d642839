package com.paywire.persistence.airtime;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One top-up of an airtime purchase.
 *
 * @param id          Paywire's id of the top-up, the reference (and idempotency key) the airtime rail sees
 * @param position    the recipient's index in the request, from 0
 * @param phoneNumber 254 and nine digits
 * @param network     SAFARICOM, AIRTEL or TELKOM: whose airtime rail tops it up
 * @param fee         the fee held and charged with the amount
 * @param status      {@link #PENDING}, {@link #PROCESSING}, {@link #COMPLETED} or {@link #FAILED}
 */
public record AirtimeRecipient(UUID id, UUID purchaseId, int position, String phoneNumber, String network,
                               String name, String currency, BigDecimal amount, BigDecimal fee,
                               int transactionTypeId, String status, String resultCode, String resultDesc,
                               String receiptNumber, OffsetDateTime completedAt) {

    /** Accepted; no funds held yet. */
    public static final String PENDING = "PENDING";
    /** Amount and fee held; with the network. */
    public static final String PROCESSING = "PROCESSING";
    /** Topped up; the hold posted. */
    public static final String COMPLETED = "COMPLETED";
    /** Not topped up; the hold released (or nothing was held). */
    public static final String FAILED = "FAILED";

    public boolean isFinal() {
        return COMPLETED.equals(status) || FAILED.equals(status);
    }
}
