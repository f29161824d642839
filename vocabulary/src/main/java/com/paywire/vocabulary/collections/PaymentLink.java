package com.paywire.vocabulary.collections;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/** @param callbackUrl where each payment's outcome is POSTed, or null */
public record PaymentLink(UUID id, String clientId, String shortCode, String firstName, String lastName,
                          String emailAddress, String phoneNumber, String accountReference, String paymentType,
                          String description, boolean isAmountSpecified, BigDecimal amount, String currency,
                          String redirectionSite, PaymentLinkStatus status, OffsetDateTime createdDate,
                          String callbackUrl) {
}
