package com.paywire.domain.airtime;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.paywire.persistence.airtime.AirtimeRecipient;
import com.paywire.vocabulary.airtime.AirtimePurchase;
import io.swagger.v3.oas.annotations.media.Schema;
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
public record AirtimePurchaseRecord(
        @Schema(description = "the client's own unique id of the request")
        String originatorConversationId,
        @Schema(description = "Paywire's id of the request")
        String systemConversationId,
        @Schema(description = "the purchase's status")
        String status,
        @Schema(description = "each number's top-up")
        List<Recipient> recipients) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * @param phoneNumber   254 and nine digits, however the client wrote it
     * @param status        PENDING, PROCESSING, COMPLETED or FAILED
     * @param resultCode    null until the recipient is final
     * @param receiptNumber the network's receipt of a top-up
     */
    @JsonPropertyOrder({"phoneNumber", "amount", "status", "resultCode", "resultDesc", "receiptNumber"})
    public record Recipient(
            @Schema(description = "the number topped up")
            String phoneNumber,
            @Schema(description = "the airtime's amount, in shillings")
            BigDecimal amount,
            @Schema(description = "this top-up's status")
            String status,
            @Schema(description = "the rail's result code; null until there is one")
            String resultCode,
            @Schema(description = "the rail's result in words")
            String resultDesc,
            @Schema(description = "the rail's receipt number, once paid")
            String receiptNumber) {
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
