package com.paywire.api.bills;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.paywire.api.errors.HasOriginatorConversationId;
import com.paywire.api.input.Amount;
import com.paywire.api.input.NumberOrText;
import com.paywire.domain.bills.NewBillRequest;
import com.paywire.vocabulary.networks.MobileNumbers;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigDecimal;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * The body of Bill Request Validation / Payment (docs/interface.md#bills). The service as serviceId (integer or
 * GUID) or serviceCode; callBackUrl also as callbackURL. Fields public clients send that Paywire has no use for
 * (shortCode, isExpressPay, paymentMethod, byPassCustomerValidation, saveBillerNumber) are accepted and ignored.
 */
@JsonIgnoreProperties({"shortCode", "isExpressPay", "paymentMethod", "byPassCustomerValidation", "saveBillerNumber"})
record BillRequestBody(
        @Schema(description = "1 query the bill, 2 pay it, 3 validate the account")
        Integer transactionType,
        @Schema(description = "the service's integer id (serviceType) or its GUID")
        @JsonDeserialize(using = NumberOrText.class) String serviceId,
        @Schema(description = "the biller's code (GET /v1/bill-services lists them); ServiceId may be given instead")
        String serviceCode,
        @Schema(description = "the payer's account number at the biller")
        String accountNumber,
        @Schema(description = "the payer, a Kenyan mobile number written " + MobileNumbers.FORMS
                + ", kept as 2547...")
        String msisdn,
        @Schema(description = "a short description of the payment")
        String transactionDesc,
        @Schema(description = "the client's own unique id of the request; a reused one is refused as a duplicate")
        String originatorConversationId,
        @Schema(description = "the amount to pay, in shillings, within the service's minAmount and maxAmount "
                + "(transactionType 2)")
        @Amount BigDecimal amount,
        @Schema(description = "the payer's names")
        String customerNames,
        @Schema(description = "the country, a two-letter code (KE)")
        String countryCode,
        @Schema(description = "the currency's letter code (KES)")
        String currencyCode,
        @Schema(description = "where Paywire posts the payment's outcome; HTTPS outside the local stack; "
                + "callbackURL is also read")
        @JsonAlias("callbackURL") String callBackUrl,
        @Schema(description = "a note about the payment")
        String narration) implements HasOriginatorConversationId {

    NewBillRequest submission() {
        return new NewBillRequest(transactionType, serviceId != null && !serviceId.isBlank() ? serviceId : serviceCode,
                accountNumber, msisdn, transactionDesc, originatorConversationId, amount, customerNames, countryCode,
                currencyCode, callBackUrl, narration);
    }
}
