package com.paywire.workflows.settlements;

import com.paywire.workflows.payouts.PayoutTiming;

/**
 * What one settlement's workflow needs: whose, which, and its time limits (fixed when it is made, so that replay
 * sees the same values; its {@code maxLinesInFlight} is unused).
 */
public record SettlementCommand(String clientId, String settlementId, PayoutTiming timing) {
}
