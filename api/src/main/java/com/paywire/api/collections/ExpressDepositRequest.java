package com.paywire.api.collections;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.errors.HasOriginatorConversationId;
import com.paywire.api.input.Amount;
import com.paywire.api.input.NumberOrText;
import com.paywire.domain.collections.ExpressDepositSubmission;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Express deposit (docs/interface.md#pay-ins), PascalCase as the interface writes it; any casing is accepted. The maximum lengths
 * are the interface's; the rules that need the client's short codes are the domain's
 * ({@link com.paywire.domain.collections.ExpressDeposits}), applied to the {@link #submission()}.
 */
public record ExpressDepositRequest(
        @Schema(description = "the client's short code, which the deposit credits (the sandbox client's is 174379)")
        @JsonProperty("ShortCode") @NotBlank @Size(max = 7) String shortCode,
        @JsonProperty("Amount") @NotBlank @Size(max = 8)
        @JsonDeserialize(using = NumberOrText.class) @Amount(limits = AmountLimit.PHONE_PROMPT) String amount,
        @Schema(description = "the payer's phone, a Kenyan mobile number written " + MobileNumbers.FORMS
                + " (the 01... range alike); an international form is kept and echoed as sent, a local one as 2547...")
        @JsonProperty("PhoneNumber") @NotBlank @Size(max = 13) String phoneNumber,
        @Schema(description = "the account the payer pays into, starting with the client's account prefix")
        @JsonProperty("AccountNo") String accountNo,
        @Schema(description = "what the payer pays for, shown in the prompt")
        @JsonProperty("TransactionDesc") @Size(max = 100) String transactionDesc,
        @Schema(description = "the client's own unique id of the deposit; a reused one is refused as a duplicate")
        @JsonProperty("OriginatorConversationId") @NotBlank @Size(max = 100) String originatorConversationId,
        @Schema(description = "where Paywire posts the outcome; HTTPS outside the local stack")
        @JsonProperty("CallBackUrl") @Size(max = 256) String callBackUrl,
        @Schema(description = "the channel type: 1 M-Pesa (absent: 1), 63903 Airtel Money")
        @JsonProperty("Type") @Min(0) @Max(999) Integer type,
        @Schema(description = "where a payer's browser goes after paying, for deposits started from a page")
        @JsonProperty("SuccessRedirectUrl") @Size(max = 256) String successRedirectUrl,
        @Schema(description = "where a payer's browser goes when the payment fails")
        @JsonProperty("FailedRedirectUrl") @Size(max = 256) String failedRedirectUrl,
        @Schema(description = "the service code, kept with the deposit")
        @JsonProperty("ServiceCode") @Size(max = 6) String serviceCode,
        @Schema(description = "the currency's letter code (KES)")
        @JsonProperty("Currency") @Size(max = 6) String currency,
        @Schema(description = "the payer's first name")
        @JsonProperty("FirstName") @Size(max = 128) String firstName,
        @Schema(description = "the payer's last name")
        @JsonProperty("LastName") @Size(max = 128) String lastName,
        @Schema(description = "the mobile network's code (MCC and MNC, 63902 Safaricom, 63903 Airtel, 63907 "
                + "Telkom); absent: found from the number")
        @JsonProperty("mccmnc") String mccmnc) implements HasOriginatorConversationId {

    /** The deposit as the domain takes it. */
    public ExpressDepositSubmission submission() {
        return new ExpressDepositSubmission(shortCode, amount, phoneNumber, accountNo, transactionDesc,
                originatorConversationId, callBackUrl, type, successRedirectUrl, failedRedirectUrl, serviceCode,
                currency, firstName, lastName, mccmnc);
    }
}
