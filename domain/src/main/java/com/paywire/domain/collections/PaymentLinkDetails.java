package com.paywire.domain.collections;

import java.math.BigDecimal;

/**
 * What a client says about a payment link, to create it or to change it: on a change, null keeps what the link
 * has (see {@link PaymentLinks}).
 *
 * @param callBackUrl where the outcome of each payment made through the link is POSTed, as an express deposit's
 */
public record PaymentLinkDetails(String shortCode, String firstName, String lastName, String emailAddress,
                                 String phoneNumber, String accountReference, String paymentType, String description,
                                 Boolean isAmountSpecified, BigDecimal amount, String currency,
                                 String redirectionSite, String callBackUrl) {
}
