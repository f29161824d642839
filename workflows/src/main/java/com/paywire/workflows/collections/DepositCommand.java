package com.paywire.workflows.collections;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * An accepted express deposit: prompt {@code phoneNumber} to pay {@code amount}.
 *
 * @param depositId    the systemConversationId, also the rail's reference
 * @param promptWindow how long the payer has to answer the prompt before the outcome is 1037
 */
public record DepositCommand(String depositId, String clientId, String originatorConversationId, String phoneNumber,
                             BigDecimal amount, String accountReference, String description, Duration promptWindow) {
}
