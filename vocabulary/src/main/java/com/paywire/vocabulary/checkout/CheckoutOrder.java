package com.paywire.vocabulary.checkout;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A checkout order: the merchant's request as accepted, what the payer gave, and the outcome so far.
 *
 * @param id            the checkoutId, which is also the hosted page's address
 * @param status        where the order stands; {@code statusDesc} its description as stored
 * @param routeChannelType       the channel type as the merchant sent it (echoed back as sent)
 * @param preferredPaymentMethod the method that channel type meant when the order was accepted, or null
 * @param paymentMethod how the payer last tried to pay, null before any attempt
 * @param attempts      the attempts to pay taken so far
 */
public record CheckoutOrder(UUID id, UUID systemConversationId, String clientId, String originatorConversationId,
                            String checkoutReference, UUID routeId, int routeChannelType,
                            PaymentMethod preferredPaymentMethod, String notes,
                            int currencyCode, String currencyName, OffsetDateTime dueDate, String returnUrl,
                            String cancelUrl, String callbackUrl, String accountNo, BigDecimal totalAmount,
                            BigDecimal feeAmount, CheckoutStatus status, String statusDesc, Outcome outcome,
                            PaymentMethod paymentMethod, BillingDetails billTo, int attempts, boolean workflowStarted,
                            OffsetDateTime createdAt, OffsetDateTime updatedAt) {

    /** The result of the last status change and the payment rail's own words about it; fields may be null. */
    public record Outcome(String resultCode, String resultDesc, String thirdPartyResponseCode,
                          String thirdPartyResponseDesc, String thirdPartyReference) {

        public static final Outcome NONE = new Outcome(null, null, null, null, null);
    }
}
