package com.paywire.domain.accountvalidation;

/** An account validation request as the client sent it (docs/interface.md#account-validation). */
public record NewAccountValidation(Integer type, String systemTraceAuditNumber, String primaryAccountNumber,
                                   String institutionCode, String callBackUrl, String callBackFormat, String ccy,
                                   String countryCode) {
}
