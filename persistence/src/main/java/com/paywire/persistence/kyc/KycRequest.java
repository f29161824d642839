package com.paywire.persistence.kyc;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One identity check. {@code personal} is null once erased; {@code nameMatchJson} holds per-field verdicts only.
 *
 * @param status 0 Pending, 2 Failed (the registry could not be reached), 4 Completed (the registry answered)
 */
public record KycRequest(UUID id, String clientId, String systemTraceAuditNumber, UUID routeId, int reportReason,
                         String country, String currency, String callbackUrl, String deviceId, String nationalIdHint,
                         KycPersonalData personal, int status, String responseCode, String responseDesc,
                         String nameMatchJson, OffsetDateTime completedAt, OffsetDateTime personalDataErasedAt,
                         boolean workflowStarted, OffsetDateTime createdAt) {

    public static final int PENDING = 0;
    public static final int FAILED = 2;
    public static final int COMPLETED = 4;
}
