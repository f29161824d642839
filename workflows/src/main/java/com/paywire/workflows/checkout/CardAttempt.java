package com.paywire.workflows.checkout;

/**
 * The payer's attempt to pay by card, once the hosted page has tokenised the card.
 *
 * @param attemptId             unique per attempt: the authorisation's RequestId, so a retry never charges twice
 * @param transientToken        the single-use token of the card
 * @param payerAuthenticationId the card's successful 3-D Secure authentication, or null
 * @param billingCountry        the payer's billing country (ISO 3166 alpha-2), for fraud screening, or null
 */
public record CardAttempt(String attemptId, String transientToken, String payerAuthenticationId,
                          String billingCountry) {
}
