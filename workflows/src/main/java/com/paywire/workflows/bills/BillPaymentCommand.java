package com.paywire.workflows.bills;

import java.time.Duration;

/**
 * @param validateAccount the service asks the biller about the account before paying
 * @param payWindow       how long the biller may be away before the payment is given up (nothing was paid)
 * @param confirmWindow   how long a payment the biller took may stay unconfirmed before it is shown as pending
 *                        confirmation (asked about for a day more, its funds held)
 */
public record BillPaymentCommand(String paymentId, String clientId, String originatorConversationId,
                                 boolean validateAccount, Duration payWindow, Duration confirmWindow) {
}
