package com.paywire.vocabulary.payouts;

/**
 * Whom a payout line pays, as the client sent it: checked at intake, stored with the line, echoed in its record and
 * read by the line's start (its name, account and institution). Components are named as docs/interface.md#payouts
 * names the fields, which is also how the line's stored JSON names them.
 *
 * @param mccmnc                the wallet's network (mobile lines); absent: the default network's
 * @param institutionIdentifier the bank's code (bank lines), or the business's (paybill and till lines)
 * @param primaryAccountNumber  the wallet, bank account, paybill or till
 * @param ccy                   the currency's ISO 4217 number
 */
public record PayoutRecipient(String name, String address, String emailAddress, String phoneNumber, String idType,
                              String idNumber, String mccmnc, String financialInstitution,
                              String institutionIdentifier, String primaryAccountNumber, Integer ccy, String country,
                              String purpose, String nationality) {
}
