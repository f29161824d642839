package com.paywire.api.accountvalidation;

import com.paywire.api.input.NumberOrText;
import com.paywire.domain.accountvalidation.NewAccountValidation;
import com.paywire.vocabulary.networks.MobileNumbers;
import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * The body of Account Number Validation (docs/interface.md#account-validation); ccy arrives as a number or a
 * string. Every rule is the domain's ({@code AccountValidations}).
 */
record AccountValidationRequest(
        @Schema(description = "what to look up: 1 a mobile wallet, 2 a bank account")
        Integer type,
        @Schema(description = "the client's own unique id of the lookup, by which its status is queried; a reused "
                + "one is refused as a duplicate")
        String systemTraceAuditNumber,
        @Schema(description = "type 1: a Kenyan mobile number written " + MobileNumbers.FORMS
                + "; type 2: the bank account, 5 to 20 letters or digits")
        String primaryAccountNumber,
        @Schema(description = "for a wallet (type 1) its network's MCCMNC (63902, 63903, 63907); for a bank "
                + "account (type 2) the bank's code (01-99)")
        String institutionCode,
        @Schema(description = "where Paywire posts the result; HTTPS outside the local stack")
        String callBackUrl,
        @Schema(description = "the callback body's format: JSON (the default) or XML")
        String callBackFormat,
        @Schema(description = "404 (or KES), sent as a number or a string")
        @JsonDeserialize(using = NumberOrText.class) String ccy,
        @Schema(description = "the country, a two-letter code (KE)")
        String countryCode) {

    NewAccountValidation submission() {
        return new NewAccountValidation(type, systemTraceAuditNumber, primaryAccountNumber, institutionCode,
                callBackUrl, callBackFormat, ccy, countryCode);
    }
}
