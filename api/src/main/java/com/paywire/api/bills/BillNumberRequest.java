package com.paywire.api.bills;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.input.NumberOrText;
import com.paywire.domain.bills.NewBillNumber;
import com.paywire.vocabulary.networks.MobileNumbers;
import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * The body of Save bill number (docs/interface.md#bills): the service as serviceId (its integer id or GUID) or, as
 * the public sample sends it, serviceCode.
 */
record BillNumberRequest(
        @Schema(description = "the service's integer id (serviceType) or its GUID")
        @JsonDeserialize(using = NumberOrText.class) String serviceId,
        @Schema(description = "the biller's code (GET /v1/bill-services lists them); ServiceId may be given instead")
        String serviceCode,
        @Schema(description = "the account number at the biller")
        String accountNumber,
        @Schema(description = "optional: a Kenyan mobile number written " + MobileNumbers.FORMS)
        String phoneNumber,
        @Schema(description = "a note kept with the bill number")
        String transactionDesc,
        @Schema(description = "true: Paywire sends an event before the bill falls due")
        @JsonProperty("RemindMeDueDate") Boolean remindMeDueDate) {

    NewBillNumber submission() {
        return new NewBillNumber(serviceId != null && !serviceId.isBlank() ? serviceId : serviceCode, accountNumber,
                phoneNumber, transactionDesc, remindMeDueDate);
    }
}
