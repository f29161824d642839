package com.paywire.vocabulary.payouts;

/**
 * Who sends a payout line's money, as the client sent it (required on bank lines only): stored with the line and
 * echoed in its record. Components are named as docs/interface.md#payouts names the fields.
 *
 * @param ccy the currency's ISO 4217 number
 */
public record PayoutRemitter(String name, String address, String emailAddress, String phoneNumber, String idType,
                             String idNumber, String idExpiryDate, String country, Integer ccy,
                             String financialInstitution, String sourceOfFunds, String principalActivity,
                             String dateOfBirth, String nationality, String occupation, String idIssueDate,
                             String idIssuePlace) {
}
