package com.paywire.workflows.payouts;

import java.util.List;

/** An accepted payment order: its lines are paid independently, each by its own child workflow. */
public record PaymentOrderCommand(String clientId, String orderId, String originatorConversationId,
                                  List<PayoutLineCommand> lines, PayoutTiming timing) {
}
