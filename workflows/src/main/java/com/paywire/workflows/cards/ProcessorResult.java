package com.paywire.workflows.cards;

/** The processor's answer to one request; {@code accepted} false is a business refusal, never retried. */
public record ProcessorResult(boolean accepted, String processorTransactionId, String status, String responseCode,
                              String avsCode, String cvnCode, String errorCode, String errorMessage) {
}
