package com.paywire.workflows.payouts;

/**
 * The rail's answer to a payout instruction. A refusal at intake (accepted false) is final; transport
 * failures are not answers: the activity throws and Temporal retries it.
 */
public record RailAcknowledgement(boolean accepted, String railTransactionId, String railResponseCode,
                                  String railResponseDescription, RailResult refusal) {
}
