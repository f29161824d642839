package com.paywire.domain.accountvalidation;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.paywire.persistence.accountvalidation.AccountValidation;
import java.time.OffsetDateTime;
import tools.jackson.databind.json.JsonMapper;

/**
 * An account validation's public record (docs/interface.md#account-validation): the status query's answer and
 * the callback's body. {@code transactionCreditParty} is the account holder's name.
 *
 * @param status 0 Pending, 2 Failed (the institution could not be reached), 4 Completed (it answered; resultCode
 *               says what)
 */
@JsonPropertyOrder({"validationType", "validationTypeDesc", "accountNumber", "accountNumberCCY", "institutionCode",
        "countryCode", "callbackURL", "status", "statusDesc", "systemTraceAuditNumber", "conversationID",
        "responseCode", "responseDesc", "resultCode", "resultDesc", "transactionID", "transactionCreditParty",
        "createdDate"})
public record AccountValidationRecord(int validationType, String validationTypeDesc, String accountNumber,
                                      @JsonProperty("accountNumberCCY") String accountNumberCcy,
                                      String institutionCode, String countryCode,
                                      @JsonProperty("callbackURL") String callbackUrl, int status, String statusDesc,
                                      String systemTraceAuditNumber,
                                      @JsonProperty("conversationID") String conversationId, String responseCode,
                                      String responseDesc, String resultCode, String resultDesc,
                                      @JsonProperty("transactionID") String transactionId,
                                      String transactionCreditParty, OffsetDateTime createdDate) {

    /** The XML callback's root element. */
    public static final String XML_ROOT = "AccountValidationResult";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    public static AccountValidationRecord of(AccountValidation v) {
        boolean erased = v.holder() == null;
        return new AccountValidationRecord(v.validationType(), v.validationType() == 1 ? "Mobile Wallet" : "Bank Account",
                erased ? v.accountHint() : v.holder().accountNumber(), v.currency(), v.institutionCode(),
                v.countryCode(), v.callbackUrl(), v.status().code(), v.status().description(), v.systemTraceAuditNumber(),
                v.id().toString(), "0", "Request accepted for processing", v.resultCode(), v.resultDesc(),
                v.transactionId(), erased ? null : v.holder().holderName(), v.createdAt());
    }

    public String toJson() {
        return JSON.writeValueAsString(this);
    }
}
