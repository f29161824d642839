package com.paywire.workflows.checkout;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * An accepted checkout order, as its workflow needs it.
 *
 * @param totalAmount  what the payer pays: the sum of the lines' prices
 * @param dueIn        the time left until the due date when the workflow is started (zero when it has passed):
 *                     measured by the API's clock, so that the due date does not move with the Temporal
 *                     service's clock
 * @param promptWindow how long a payer paying by mobile money has to answer the phone prompt
 */
public record CheckoutCommand(String checkoutId, String clientId, String originatorConversationId,
                              BigDecimal totalAmount, String currency, Duration dueIn, Duration promptWindow) {
}
