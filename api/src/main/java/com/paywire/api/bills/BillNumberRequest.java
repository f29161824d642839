package com.paywire.api.bills;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.domain.bills.NewBillNumber;
import com.paywire.domain.collections.MobileNumbers;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of Save bill number (docs/interface.md#bills): the service as serviceId (its integer id or GUID) or, as
 * the public sample sends it, serviceCode.
 */
record BillNumberRequest(@Schema(description = "the service's integer id (serviceType) or its GUID")
                         String serviceId, String serviceCode, String accountNumber,
                         @Schema(description = "optional: a Kenyan mobile number written " + MobileNumbers.FORMS)
                         String phoneNumber,
                         String transactionDesc, @JsonProperty("RemindMeDueDate") Boolean remindMeDueDate) {

    NewBillNumber submission() {
        return new NewBillNumber(serviceId != null && !serviceId.isBlank() ? serviceId : serviceCode, accountNumber,
                phoneNumber, transactionDesc, remindMeDueDate);
    }
}
