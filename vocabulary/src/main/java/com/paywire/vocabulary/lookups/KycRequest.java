package com.paywire.vocabulary.lookups;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One identity check. {@code personal} is null once erased; {@code nameMatchJson} holds per-field verdicts only.
 *
 * @param status       Completed when the registry answered, Failed when it could not be reached
 * @param responseCode what the registry's answer means; null until it is recorded
 */
public record KycRequest(UUID id, String clientId, String systemTraceAuditNumber, UUID routeId, int reportReason,
                         String country, String currency, String callbackUrl, String deviceId, String nationalIdHint,
                         KycPersonalData personal, LookupStatus status, KycResponseCode responseCode,
                         String responseDesc, String nameMatchJson, OffsetDateTime completedAt,
                         OffsetDateTime personalDataErasedAt, boolean workflowStarted, OffsetDateTime createdAt)
        implements PersonalDataRequest {
}
