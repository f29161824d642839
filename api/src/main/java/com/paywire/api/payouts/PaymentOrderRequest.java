package com.paywire.api.payouts;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.errors.HasOriginatorConversationId;
import com.paywire.api.input.Amount;
import com.paywire.domain.AmountLimit;
import com.paywire.domain.collections.MobileNumbers;
import com.paywire.domain.payouts.PaymentOrderSubmission;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.util.List;

/**
 * Submit payment order (docs/interface.md#payouts). Shape rules here; the rules that depend on the route are the
 * domain's ({@link com.paywire.domain.payouts.PaymentOrderValidator}), applied to the {@link #submission()}.
 */
public record PaymentOrderRequest(
        @NotBlank @Size(max = 100) String originatorConversationId,
        @Size(max = 500) String paymentNotes,
        @NotEmpty @Size(max = PaymentOrderRequest.MAX_LINES) List<@NotNull @Valid Line> paymentOrderLines)
        implements HasOriginatorConversationId {

    public static final int MAX_LINES = 500;
    private static final String PHONE = "a phone number in international format, or a Kenyan mobile number written "
            + MobileNumbers.FORMS;

    /** The order as the domain takes it. */
    public PaymentOrderSubmission submission() {
        return new PaymentOrderSubmission(originatorConversationId, paymentNotes,
                paymentOrderLines.stream().map(Line::submission).toList());
    }

    /** @param remitter required for bank transfers only (see {@link com.paywire.domain.payouts.PaymentOrderValidator}) */
    public record Line(@Valid Remitter remitter, @NotNull @Valid Recipient recipient,
                       @NotNull @Valid Transaction transaction) {

        PaymentOrderSubmission.Line submission() {
            return new PaymentOrderSubmission.Line(remitter == null ? null : remitter.submission(),
                    recipient.submission(), transaction.submission());
        }
    }

    public record Remitter(@Size(max = 200) String name, @Size(max = 300) String address,
                           @Size(max = 200) String emailAddress, @Schema(description = PHONE) String phoneNumber,
                           String idType, String idNumber, @JsonAlias("idExpireDate") String idExpiryDate,
                           String country,
                           Integer ccy, String financialInstitution, String sourceOfFunds, String principalActivity,
                           String dateOfBirth, String nationality, String occupation,
                           String idIssueDate, @Size(max = 100) String idIssuePlace) {

        PaymentOrderSubmission.Remitter submission() {
            return new PaymentOrderSubmission.Remitter(name, address, emailAddress, phoneNumber, idType, idNumber,
                    idExpiryDate, country, ccy, financialInstitution, sourceOfFunds, principalActivity, dateOfBirth,
                    nationality, occupation, idIssueDate, idIssuePlace);
        }
    }

    public record Recipient(@Size(max = 200) String name, @Size(max = 300) String address,
                            @Size(max = 200) String emailAddress, @Schema(description = PHONE) String phoneNumber,
                            String idType, String idNumber, String mccmnc, String financialInstitution,
                            String institutionIdentifier,
                            @Schema(description = "a mobile line: the wallet, a Kenyan mobile number written "
                                    + MobileNumbers.FORMS + " (sent to the rail as +2547...) or another country's in"
                                    + " international format; a bank line: the account; a business line: the account"
                                    + " paid at the business") String primaryAccountNumber, Integer ccy, String country,
                            String purpose, String nationality) {

        PaymentOrderSubmission.Recipient submission() {
            return new PaymentOrderSubmission.Recipient(name, address, emailAddress, phoneNumber, idType, idNumber,
                    mccmnc, financialInstitution, institutionIdentifier, primaryAccountNumber, ccy, country, purpose,
                    nationality);
        }
    }

    /** @param accountNo the account being credited at a business (paybill): the same as recipient.primaryAccountNumber */
    public record Transaction(@NotBlank String routeId,
                              @NotNull @JsonProperty("ChannelType") Integer channelType,
                              @NotNull @Amount(limits = {AmountLimit.MOBILE_WALLET_PAYOUT, AmountLimit.BANK_TRANSFER_PAYOUT,
                                      AmountLimit.BUSINESS_PAYBILL_PAYOUT, AmountLimit.BUSINESS_TILL_PAYOUT}) BigDecimal amount,
                              @Size(max = 100) String reference,
                              @NotBlank String systemTraceAuditNumber,
                              @Size(max = 50) String accountNo) {

        PaymentOrderSubmission.Transaction submission() {
            return new PaymentOrderSubmission.Transaction(routeId, channelType, amount, reference,
                    systemTraceAuditNumber, accountNo);
        }
    }
}
