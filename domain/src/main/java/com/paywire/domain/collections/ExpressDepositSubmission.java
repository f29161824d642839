package com.paywire.domain.collections;

/**
 * An express deposit as a client (or a payment-link page, for its payer) submits it: the shape is already checked;
 * {@link ExpressDeposits#accept} checks the rest. Named as docs/interface.md#pay-ins names the fields.
 *
 * @param amount as written: {@link ExpressDeposits} reads it by the one amount rule
 */
public record ExpressDepositSubmission(String shortCode, String amount, String phoneNumber, String accountNo,
                                       String transactionDesc, String originatorConversationId, String callBackUrl,
                                       Integer type, String successRedirectUrl, String failedRedirectUrl,
                                       String serviceCode, String currency, String firstName, String lastName,
                                       String mccmnc) {
}
