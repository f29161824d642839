package com.paywire.domain.airtime;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.paywire.persistence.airtime.AirtimePurchase;
import com.paywire.persistence.airtime.AirtimeRecipient;
import java.math.BigDecimal;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * An airtime purchase's public record (docs/interface.md#airtime): the status query's answer and, once the
 * purchase is final, the callback's body.
 *
 * @param status PENDING, COMPLETED, PARTIALLY_COMPLETED or FAILED
 */
@JsonPropertyOrder({"originatorConversationId", "systemConversationId", "status", "recipients"})
public record AirtimePurchaseRecord(String originatorConversationId, String systemConversationId, String status,
                                    List<Recipient> recipients) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * @param phoneNumber   254 and nine digits, however the client wrote it
     * @param status        PENDING, PROCESSING, COMPLETED or FAILED
     * @param resultCode    null until the recipient is final
     * @param receiptNumber the network's receipt of a top-up
     */
    @JsonPropertyOrder({"phoneNumber", "amount", "status", "resultCode", "resultDesc", "receiptNumber"})
    public record Recipient(String phoneNumber, BigDecimal amount, String status, String resultCode,
                            String resultDesc, String receiptNumber) {
    }

    public static AirtimePurchaseRecord of(AirtimePurchase purchase, List<AirtimeRecipient> recipients) {
        return new AirtimePurchaseRecord(purchase.originatorConversationId(), purchase.id().toString(),
                purchase.status().name(), recipients.stream().map(r -> new Recipient(r.phoneNumber(), r.amount(),
                        r.status().name(), r.resultCode(), r.resultDesc(), r.receiptNumber())).toList());
    }

    public String toJson() {
        return JSON.writeValueAsString(this);
    }
}
