package com.paywire.api.bills;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.paywire.api.errors.HasOriginatorConversationId;
import com.paywire.api.input.Amount;
import com.paywire.domain.bills.NewBillRequest;
import com.paywire.domain.collections.MobileNumbers;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigDecimal;

/**
 * The body of Bill Request Validation / Payment (docs/interface.md#bills). The service as serviceId (integer or
 * GUID) or serviceCode; callBackUrl also as callbackURL. Fields public clients send that Paywire has no use for
 * (shortCode, isExpressPay, paymentMethod, byPassCustomerValidation, saveBillerNumber) are accepted and ignored.
 */
@JsonIgnoreProperties({"shortCode", "isExpressPay", "paymentMethod", "byPassCustomerValidation", "saveBillerNumber"})
record BillRequestBody(@Schema(description = "1 query the bill, 2 pay it, 3 validate the account") Integer transactionType,
                       @Schema(description = "the service's integer id (serviceType) or its GUID") String serviceId,
                       String serviceCode, String accountNumber,
                       @Schema(description = "the payer, a Kenyan mobile number written " + MobileNumbers.FORMS
                               + ", kept as 2547...") String msisdn, String transactionDesc,
                       String originatorConversationId, @Amount BigDecimal amount, String customerNames,
                       String countryCode, String currencyCode, @JsonAlias("callbackURL") String callBackUrl,
                       String narration) implements HasOriginatorConversationId {

    NewBillRequest submission() {
        return new NewBillRequest(transactionType, serviceId != null && !serviceId.isBlank() ? serviceId : serviceCode,
                accountNumber, msisdn, transactionDesc, originatorConversationId, amount, customerNames, countryCode,
                currencyCode, callBackUrl, narration);
    }
}
