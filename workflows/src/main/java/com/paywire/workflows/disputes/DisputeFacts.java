package com.paywire.workflows.disputes;

/**
 * What a dispute's workflow needs of its record, once it is debited: amounts as plain strings, the due date in
 * epoch milliseconds.
 */
public record DisputeFacts(String disputeId, String processorDisputeId, String clientId, String captureId,
                           String amount, String currency, String fee, String reason, long evidenceDueByMillis) {
}
