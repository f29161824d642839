package com.paywire.api.payouts;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.errors.HasOriginatorConversationId;
import com.paywire.api.input.Amount;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.util.List;

/** Submit payment order (docs/interface.md#payouts). Shape rules here; rules that depend on the route in {@link PaymentOrderValidator}. */
public record PaymentOrderRequest(
        @NotBlank @Size(max = 100) String originatorConversationId,
        @Size(max = 500) String paymentNotes,
        @NotEmpty @Size(max = PaymentOrderRequest.MAX_LINES) List<@NotNull @Valid Line> paymentOrderLines)
        implements HasOriginatorConversationId {

    public static final int MAX_LINES = 500;

    /** @param remitter required for bank transfers only (see {@link PaymentOrderValidator}) */
    public record Line(@Valid Remitter remitter, @NotNull @Valid Recipient recipient,
                       @NotNull @Valid Transaction transaction) {
    }

    public record Remitter(@Size(max = 200) String name, @Size(max = 300) String address,
                           @Size(max = 200) String emailAddress, String phoneNumber, String idType,
                           String idNumber, String idExpiryDate, String country, Integer ccy,
                           String financialInstitution, String sourceOfFunds, String principalActivity,
                           String dateOfBirth, String nationality, String occupation,
                           String idIssueDate, @Size(max = 100) String idIssuePlace) {
    }

    public record Recipient(@Size(max = 200) String name, @Size(max = 300) String address,
                            @Size(max = 200) String emailAddress, String phoneNumber, String idType,
                            String idNumber, String mccmnc, String financialInstitution,
                            String institutionIdentifier, String primaryAccountNumber, Integer ccy, String country,
                            String purpose, String nationality) {
    }

    /** @param accountNo the account being credited at a business (paybill): the same as recipient.primaryAccountNumber */
    public record Transaction(@NotBlank String routeId,
                              @NotNull @JsonProperty("ChannelType") Integer channelType,
                              @NotNull @Amount BigDecimal amount,
                              @Size(max = 100) String reference,
                              @NotBlank String systemTraceAuditNumber,
                              @Size(max = 50) String accountNo) {
    }
}
