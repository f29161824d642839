package com.paywire.vocabulary.lookups;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One lookup of an account's holder. {@code holder} is null once erased.
 *
 * @param validationType 1 mobile wallet, 2 bank account
 * @param callbackFormat JSON or XML
 * @param status         Completed when the institution answered, Failed when it could not be reached
 */
public record AccountValidation(UUID id, String clientId, String systemTraceAuditNumber, int validationType,
                                String institutionCode, String countryCode, String currency, String callbackUrl,
                                String callbackFormat, String accountHint, AccountHolder holder, LookupStatus status,
                                String resultCode, String resultDesc, String transactionId, OffsetDateTime completedAt,
                                OffsetDateTime personalDataErasedAt, boolean workflowStarted, OffsetDateTime createdAt)
        implements PersonalDataRequest {
}
