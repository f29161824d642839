package com.paywire.persistence.accountvalidation;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One lookup of an account's holder. {@code holder} is null once erased.
 *
 * @param validationType 1 mobile wallet, 2 bank account
 * @param callbackFormat JSON or XML
 * @param status         0 Pending, 2 Failed (the institution could not be reached), 4 Completed (it answered)
 */
public record AccountValidation(UUID id, String clientId, String systemTraceAuditNumber, int validationType,
                                String institutionCode, String countryCode, String currency, String callbackUrl,
                                String callbackFormat, String accountHint, AccountHolder holder, int status,
                                String resultCode, String resultDesc, String transactionId, OffsetDateTime completedAt,
                                OffsetDateTime personalDataErasedAt, boolean workflowStarted, OffsetDateTime createdAt) {

    public static final int PENDING = 0;
    public static final int FAILED = 2;
    public static final int COMPLETED = 4;
}
