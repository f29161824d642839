package com.paywire.domain.accountvalidation;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.paywire.vocabulary.lookups.AccountValidation;
import io.swagger.v3.oas.annotations.media.Schema;
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
public record AccountValidationRecord(
        @Schema(description = "1 a mobile wallet, 2 a bank account")
        int validationType,
        @Schema(description = "the kind of account in words")
        String validationTypeDesc,
        @Schema(description = "the account looked up")
        String accountNumber,
        @Schema(description = "the account's currency")
        @JsonProperty("accountNumberCCY") String accountNumberCcy,
        @Schema(description = "the network (MCCMNC) or bank code sent")
        String institutionCode,
        @Schema(description = "the country, as a two-letter code (KE)")
        String countryCode,
        @Schema(description = "where Paywire posts the result")
        @JsonProperty("callbackURL") String callbackUrl,
        @Schema(description = "the lookup's status code")
        int status,
        @Schema(description = "the lookup's status in words")
        String statusDesc,
        @Schema(description = "the client's own unique id of this line or lookup, by which its status is queried")
        String systemTraceAuditNumber,
        @Schema(description = "Paywire's id of the lookup")
        @JsonProperty("conversationID") String conversationId,
        @Schema(description = "the provider's response code")
        String responseCode,
        @Schema(description = "the provider's response in words")
        String responseDesc,
        @Schema(description = "the rail's result code; null until there is one")
        String resultCode,
        @Schema(description = "the rail's result in words")
        String resultDesc,
        @Schema(description = "the provider's id of the lookup")
        @JsonProperty("transactionID") String transactionId,
        @Schema(description = "the account holder's name, as the provider gives it")
        String transactionCreditParty,
        @Schema(description = "when Paywire received it")
        OffsetDateTime createdDate) {

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
