package com.paywire.workflows.checkout;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * An accepted checkout order, as its workflow needs it.
 *
 * @param totalAmount  what the payer pays: the sum of the lines' prices
 * @param dueAtMillis  unpaid by then (epoch milliseconds), the order expires
 * @param promptWindow how long a payer paying by mobile money has to answer the phone prompt
 */
public record CheckoutCommand(String checkoutId, String clientId, String originatorConversationId,
                              BigDecimal totalAmount, String currency, long dueAtMillis, Duration promptWindow) {
}
