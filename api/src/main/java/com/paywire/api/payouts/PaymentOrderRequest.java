package com.paywire.api.payouts;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.errors.HasOriginatorConversationId;
import com.paywire.api.input.Amount;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.payouts.PaymentOrderSubmission;
import com.paywire.vocabulary.payouts.PayoutRecipient;
import com.paywire.vocabulary.payouts.PayoutRemitter;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
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
 * domain's ({@link com.paywire.vocabulary.rules.payouts.PaymentOrderValidator}), applied to the {@link #submission()}.
 */
public record PaymentOrderRequest(
        @Schema(description = "the client's own unique id of the order; a reused one is refused as a duplicate")
        @NotBlank @Size(max = 100) String originatorConversationId,
        @Schema(description = "a note about the order, kept with it")
        @Size(max = 500) String paymentNotes,
        @Schema(description = "the payouts of the order, one per recipient")
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

    /** @param remitter required for bank transfers only (see {@link com.paywire.vocabulary.rules.payouts.PaymentOrderValidator}) */
    public record Line(
            @Schema(description = "who sends the money; required for bank transfers only")
            @Valid Remitter remitter,
            @Schema(description = "who receives the money")
            @NotNull @Valid Recipient recipient,
            @Schema(description = "the route, channel, amount and ids of this payout")
            @NotNull @Valid Transaction transaction) {

        PaymentOrderSubmission.Line submission() {
            return new PaymentOrderSubmission.Line(remitter == null ? null : remitter.submission(),
                    recipient.submission(), transaction.submission());
        }
    }

    public record Remitter(
            @Schema(description = "the sender's full name")
            @Size(max = 200) String name,
            @Schema(description = "the sender's address")
            @Size(max = 300) String address,
            @Schema(description = "the sender's email address")
            @Size(max = 200) String emailAddress,
            @Schema(description = PHONE)
            String phoneNumber,
            @Schema(description = "the kind of the sender's identity document")
            String idType,
            @Schema(description = "the number of the sender's identity document")
            String idNumber,
            @Schema(description = "when the sender's identity document expires (yyyy-MM-dd); idExpireDate is also "
                    + "read")
            @JsonAlias("idExpireDate") String idExpiryDate,
            @Schema(description = "the sender's country, a two-letter code (KE)")
            String country,
            @Schema(description = "the currency's ISO 4217 number: 404 (KES)")
            Integer ccy,
            @Schema(description = "the sender's bank")
            String financialInstitution,
            @Schema(description = "where the sender's money comes from")
            String sourceOfFunds,
            @Schema(description = "the sender's main business activity")
            String principalActivity,
            @Schema(description = "the sender's date of birth (yyyy-MM-dd)")
            String dateOfBirth,
            @Schema(description = "the sender's nationality, a two-letter country code")
            String nationality,
            @Schema(description = "the sender's occupation")
            String occupation,
            @Schema(description = "when the sender's identity document was issued (yyyy-MM-dd)")
            String idIssueDate,
            @Schema(description = "where the sender's identity document was issued")
            @Size(max = 100) String idIssuePlace) {

        PayoutRemitter submission() {
            return new PayoutRemitter(name, address, emailAddress, phoneNumber, idType, idNumber,
                    idExpiryDate, country, ccy, financialInstitution, sourceOfFunds, principalActivity, dateOfBirth,
                    nationality, occupation, idIssueDate, idIssuePlace);
        }
    }

    public record Recipient(
            @Schema(description = "the recipient's full name")
            @Size(max = 200) String name,
            @Schema(description = "the recipient's address")
            @Size(max = 300) String address,
            @Schema(description = "the recipient's email address")
            @Size(max = 200) String emailAddress,
            @Schema(description = PHONE)
            String phoneNumber,
            @Schema(description = "the kind of the recipient's identity document")
            String idType,
            @Schema(description = "the number of the recipient's identity document")
            String idNumber,
            @Schema(description = "the mobile network's code (MCC and MNC, 63902 Safaricom, 63903 Airtel, 63907 "
                    + "Telkom); absent: found from the number")
            String mccmnc,
            @Schema(description = "the recipient's bank (bank transfers)")
            String financialInstitution,
            @Schema(description = "the recipient's bank code (bank transfers)")
            String institutionIdentifier,
            @Schema(description = "a mobile line: the wallet, a Kenyan mobile number written "
                    + MobileNumbers.FORMS + " (sent to the rail as +2547...) or another country's in"
                    + " international format; a bank line: the account; a business line: the account"
                    + " paid at the business")
            String primaryAccountNumber,
            @Schema(description = "the currency's ISO 4217 number: 404 (KES)")
            Integer ccy,
            @Schema(description = "the recipient's country, a two-letter code (KE)")
            String country,
            @Schema(description = "why the money is paid")
            String purpose,
            @Schema(description = "the recipient's nationality, a two-letter country code")
            String nationality) {

        PayoutRecipient submission() {
            return new PayoutRecipient(name, address, emailAddress, phoneNumber, idType, idNumber,
                    mccmnc, financialInstitution, institutionIdentifier, primaryAccountNumber, ccy, country, purpose,
                    nationality);
        }
    }

    /** @param accountNo the account being credited at a business (paybill): the same as recipient.primaryAccountNumber */
    public record Transaction(
            @Schema(description = "the route to pay by (GET /v1/routes lists the client's)")
            @NotBlank String routeId,
            @Schema(description = "the channel on the route (1 M-Pesa, 13 till, 14 paybill, 21 Pesalink, ...; GET "
                    + "/v1/routes lists them)")
            @NotNull @JsonProperty("ChannelType") Integer channelType,
            @NotNull @Amount(limits = {AmountLimit.MOBILE_WALLET_PAYOUT, AmountLimit.BANK_TRANSFER_PAYOUT,
                    AmountLimit.BUSINESS_PAYBILL_PAYOUT, AmountLimit.BUSINESS_TILL_PAYOUT}) BigDecimal amount,
            @Schema(description = "the client's reference of the payout, shown to the recipient where the rail "
                    + "allows")
            @Size(max = 100) String reference,
            @Schema(description = "the client's own unique id of the line, by which its status is queried")
            @NotBlank String systemTraceAuditNumber,
            @Schema(description = "the account at the business, for a paybill payout")
            @Size(max = 50) String accountNo) {

        PaymentOrderSubmission.Transaction submission() {
            return new PaymentOrderSubmission.Transaction(routeId, channelType, amount, reference,
                    systemTraceAuditNumber, accountNo);
        }
    }
}
