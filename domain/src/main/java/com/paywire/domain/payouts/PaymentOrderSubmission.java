package com.paywire.domain.payouts;

import java.math.BigDecimal;
import java.util.List;

/**
 * A payment order as a client submits it, whatever carried it: the shape is already checked (the API's request
 * record does that); {@link PaymentOrders#accept} checks the rest. The remitter and the recipient are stored as
 * JSON as they are here, so their components are named as docs/interface.md#payouts names the fields.
 */
public record PaymentOrderSubmission(String originatorConversationId, String paymentNotes,
                                     List<Line> paymentOrderLines) {

    /** @param remitter required for bank transfers only (see {@link PaymentOrderValidator}) */
    public record Line(Remitter remitter, Recipient recipient, Transaction transaction) {
    }

    public record Remitter(String name, String address, String emailAddress, String phoneNumber, String idType,
                           String idNumber, String idExpiryDate, String country, Integer ccy,
                           String financialInstitution, String sourceOfFunds, String principalActivity,
                           String dateOfBirth, String nationality, String occupation, String idIssueDate,
                           String idIssuePlace) {
    }

    public record Recipient(String name, String address, String emailAddress, String phoneNumber, String idType,
                            String idNumber, String mccmnc, String financialInstitution,
                            String institutionIdentifier, String primaryAccountNumber, Integer ccy, String country,
                            String purpose, String nationality) {
    }

    /** @param accountNo the account being credited at a business (paybill): the same as recipient.primaryAccountNumber */
    public record Transaction(String routeId, Integer channelType, BigDecimal amount, String reference,
                              String systemTraceAuditNumber, String accountNo) {
    }
}
