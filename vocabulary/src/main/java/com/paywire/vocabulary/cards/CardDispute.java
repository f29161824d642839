package com.paywire.vocabulary.cards;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * A cardholder's dispute of a captured card payment, as Paywire records it.
 *
 * @param id                 Paywire's id, {@code dsp_<uuid>} derived from the processor's dispute id
 * @param captureId          Paywire's CaptureId of the disputed capture
 * @param authorisationId    the payment's AuthorisationId
 * @param amount             what was debited: the processor's amount, capped at what was captured and not refunded
 * @param fee                the dispute fee debited beside it
 * @param accepted           whether it is LOST because the merchant accepted it
 * @param evidence           the merchant's evidence, null until sent
 */
public record CardDispute(String id, String processorDisputeId, String clientId, String captureId,
                          String authorisationId, BigDecimal amount, String currency, BigDecimal fee, String reason,
                          DisputeStatus status, boolean accepted, OffsetDateTime evidenceDueBy,
                          DisputeEvidence evidence, OffsetDateTime evidenceSubmittedAt, OffsetDateTime decidedAt,
                          OffsetDateTime createdAt) {
}
