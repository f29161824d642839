package com.paywire.api.accountvalidation;

import com.paywire.domain.accountvalidation.NewAccountValidation;
import com.paywire.domain.collections.MobileNumbers;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of Account Number Validation (docs/interface.md#account-validation); ccy arrives as a number or a
 * string. Every rule is the domain's ({@code AccountValidations}).
 */
record AccountValidationRequest(Integer type, String systemTraceAuditNumber,
                                @Schema(description = "type 1: a Kenyan mobile number written " + MobileNumbers.FORMS
                                        + "; type 2: the bank account, 5 to 20 letters or digits")
                                String primaryAccountNumber,
                                String institutionCode, String callBackUrl, String callBackFormat,
                                @Schema(description = "404 (or KES), sent as a number or a string") String ccy,
                                String countryCode) {

    NewAccountValidation submission() {
        return new NewAccountValidation(type, systemTraceAuditNumber, primaryAccountNumber, institutionCode,
                callBackUrl, callBackFormat, ccy, countryCode);
    }
}
