package com.paywire.workflows.cards;

import java.math.BigDecimal;

/**
 * A capture, void or refund asked of an authorisation.
 *
 * @param id        the transaction id Paywire gives it (cap_…, void_…, ref_…)
 * @param requestId the client's RequestId: the same request twice is the same operation
 * @param captureId for a refund, the capture it gives money back from
 */
public record CardOperation(String id, String requestId, BigDecimal amount, String captureId, long requestedAtMillis) {
}
