package com.paywire.domain.bills;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.paywire.persistence.bills.BillPayment;
import com.paywire.persistence.bills.BillService;
import com.paywire.vocabulary.money.Currencies;
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
public record BillPaymentRecord(String systemConversationId, String originatorConversationId,
                                @JsonProperty("serviceID") int serviceId, String accountNumber, String msisdn,
                                BigDecimal amount, String datePaymentReceived, String customerName,
                                String customerNames, String countryCode, String currencyCode, String serviceCode,
                                int transactionType, BigDecimal dueAmount, OffsetDateTime dueDate, String narration,
                                String receiptNumber, int status, String transactionStatusDescription,
                                String statusCode, String statusDescription, String accountCustomerName,
                                @JsonProperty("callbackURL") String callbackUrl) {

    public static final int PAYMENT = 2;
    private static final DateTimeFormatter RECEIVED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final ZoneId NAIROBI = ZoneId.of("Africa/Nairobi");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    public static BillPaymentRecord of(BillPayment p, BillService service) {
        return new BillPaymentRecord(p.id().toString(), p.originatorConversationId(), service.serviceType(),
                p.accountNumber(), p.msisdn(), p.amount(),
                p.datePaymentReceived() == null ? null : p.datePaymentReceived().atZoneSameInstant(NAIROBI).format(RECEIVED),
                p.accountCustomerName(), p.customerNames(), "KE", Currencies.KES, service.serviceCode(), PAYMENT, p.dueAmount(),
                p.dueDate(), p.narration(), p.receiptNumber(), p.status().code(), p.status().description(),
                p.statusCode(), p.statusDescription(), p.accountCustomerName(), p.callbackUrl());
    }

    public String toJson() {
        return JSON.writeValueAsString(this);
    }
}
