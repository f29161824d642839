package com.paywire.domain.bills;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.paywire.vocabulary.bills.BillPayment;
import com.paywire.vocabulary.bills.BillRequestType;
import com.paywire.vocabulary.bills.BillService;
import com.paywire.vocabulary.money.Currencies;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import tools.jackson.databind.json.JsonMapper;

/**
 * A bill payment's public record (docs/interface.md#bills): the answer of Find Bill Request and the body of its
 * callback. {@code receiptNumber} carries the token of a prepaid service.
 */
@JsonPropertyOrder({"systemConversationId", "originatorConversationId", "serviceID", "accountNumber", "msisdn",
        "amount", "datePaymentReceived", "customerName", "customerNames", "countryCode", "currencyCode",
        "serviceCode", "transactionType", "dueAmount", "dueDate", "narration", "receiptNumber", "status",
        "transactionStatusDescription", "statusCode", "statusDescription", "accountCustomerName", "callbackURL"})
public record BillPaymentRecord(
        @Schema(description = "Paywire's id of the request")
        String systemConversationId,
        @Schema(description = "the client's own unique id of the request")
        String originatorConversationId,
        @Schema(description = "the service's integer id")
        @JsonProperty("serviceID") int serviceId,
        @Schema(description = "the account number at the biller")
        String accountNumber,
        @Schema(description = "the payer's mobile number")
        String msisdn,
        @Schema(description = "the amount paid, in shillings")
        BigDecimal amount,
        @Schema(description = "when the biller received the payment")
        String datePaymentReceived,
        @Schema(description = "the name the biller holds for the account")
        String customerName,
        @Schema(description = "the payer's names sent")
        String customerNames,
        @Schema(description = "the country, as a two-letter code (KE)")
        String countryCode,
        @Schema(description = "the currency's letter code")
        String currencyCode,
        @Schema(description = "the biller's code")
        String serviceCode,
        @Schema(description = "2: a payment")
        int transactionType,
        @Schema(description = "the amount the biller says is due")
        BigDecimal dueAmount,
        @Schema(description = "when the bill falls due")
        OffsetDateTime dueDate,
        @Schema(description = "a note about the payment")
        String narration,
        @Schema(description = "the biller's receipt, once paid")
        String receiptNumber,
        @Schema(description = "the payment's status code")
        int status,
        @Schema(description = "the payment's status in words")
        String transactionStatusDescription,
        @Schema(description = "the biller's status code")
        String statusCode,
        @Schema(description = "the biller's status in words")
        String statusDescription,
        @Schema(description = "the account holder's name, as the biller gives it")
        String accountCustomerName,
        @Schema(description = "where Paywire posts the outcome")
        @JsonProperty("callbackURL") String callbackUrl) {

    private static final DateTimeFormatter RECEIVED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final ZoneId NAIROBI = ZoneId.of("Africa/Nairobi");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    public static BillPaymentRecord of(BillPayment p, BillService service) {
        return new BillPaymentRecord(p.id().toString(), p.originatorConversationId(), service.serviceType(),
                p.accountNumber(), p.msisdn(), p.amount(),
                p.datePaymentReceived() == null ? null : p.datePaymentReceived().atZoneSameInstant(NAIROBI).format(RECEIVED),
                p.accountCustomerName(), p.customerNames(), "KE", Currencies.KES, service.serviceCode(),
                BillRequestType.PAY.code(), p.dueAmount(), p.dueDate(), p.narration(), p.receiptNumber(), p.status().code(), p.status().description(),
                p.statusCode(), p.statusDescription(), p.accountCustomerName(), p.callbackUrl());
    }

    public String toJson() {
        return JSON.writeValueAsString(this);
    }
}
