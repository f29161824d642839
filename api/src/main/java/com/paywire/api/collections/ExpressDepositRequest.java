package com.paywire.api.collections;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.errors.HasOriginatorConversationId;
import com.paywire.api.input.Amount;
import com.paywire.domain.AmountLimit;
import com.paywire.domain.collections.ExpressDepositSubmission;
import com.paywire.domain.collections.MobileNumbers;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * Express deposit (docs/interface.md#pay-ins), PascalCase as the interface writes it; any casing is accepted. The maximum lengths
 * are the interface's; the rules that need the client's short codes are the domain's
 * ({@link com.paywire.domain.collections.ExpressDeposits}), applied to the {@link #submission()}.
 */
public record ExpressDepositRequest(
        @JsonProperty("ShortCode") @NotBlank @Size(max = 7) String shortCode,
        @JsonProperty("Amount") @NotBlank @Size(max = 8) @Amount(limits = AmountLimit.PHONE_PROMPT) String amount,
        @JsonProperty("PhoneNumber") @NotBlank @Size(max = 13)
        @Schema(description = "the payer's phone, a Kenyan mobile number written " + MobileNumbers.FORMS
                + " (the 01... range alike); an international form is kept and echoed as sent, a local one as 2547...")
        String phoneNumber,
        @JsonProperty("AccountNo") String accountNo,
        @JsonProperty("TransactionDesc") @Size(max = 100) String transactionDesc,
        @JsonProperty("OriginatorConversationId") @NotBlank @Size(max = 100) String originatorConversationId,
        @JsonProperty("CallBackUrl") @Size(max = 256) String callBackUrl,
        @JsonProperty("Type") @Min(0) @Max(999) Integer type,
        @JsonProperty("SuccessRedirectUrl") @Size(max = 256) String successRedirectUrl,
        @JsonProperty("FailedRedirectUrl") @Size(max = 256) String failedRedirectUrl,
        @JsonProperty("ServiceCode") @Size(max = 6) String serviceCode,
        @JsonProperty("Currency") @Size(max = 6) String currency,
        @JsonProperty("FirstName") @Size(max = 128) String firstName,
        @JsonProperty("LastName") @Size(max = 128) String lastName,
        @JsonProperty("mccmnc") String mccmnc) implements HasOriginatorConversationId {

    /** The deposit as the domain takes it. */
    public ExpressDepositSubmission submission() {
        return new ExpressDepositSubmission(shortCode, amount, phoneNumber, accountNo, transactionDesc,
                originatorConversationId, callBackUrl, type, successRedirectUrl, failedRedirectUrl, serviceCode,
                currency, firstName, lastName, mccmnc);
    }
}
