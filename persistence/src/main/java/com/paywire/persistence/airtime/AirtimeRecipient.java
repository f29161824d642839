package com.paywire.persistence.airtime;

import com.paywire.vocabulary.airtime.AirtimeRecipientStatus;
import com.paywire.vocabulary.networks.MobileNetwork;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One top-up of an airtime purchase.
 *
 * @param id          Paywire's id of the top-up, the reference (and idempotency key) the airtime rail sees
 * @param position    the recipient's index in the request, from 0
 * @param phoneNumber 254 and nine digits
 * @param network     whose airtime rail tops it up; stored by name
 * @param fee         the fee held and charged with the amount
 * @param status      stored by name
 */
public record AirtimeRecipient(UUID id, UUID purchaseId, int position, String phoneNumber, MobileNetwork network,
                               String name, String currency, BigDecimal amount, BigDecimal fee,
                               int transactionTypeId, AirtimeRecipientStatus status, String resultCode, String resultDesc,
                               String receiptNumber, OffsetDateTime completedAt) {

    public boolean isFinal() {
        return status.isFinal();
    }
}
