package com.paywire.api.platform;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The answer to an accepted personal-data lookup, a KYC validation or an account validation:
 * {systemTraceAuditNumber, message}, in that order, the message the same for both (docs/interface.md).
 */
public record LookupAccepted(
        @Schema(description = "the request's systemTraceAuditNumber, echoed")
        String systemTraceAuditNumber,
        @Schema(description = "that the request was accepted, in words")
        String message) {

    static final String MESSAGE = "Request Accepted. Kindly await processing";

    public static LookupAccepted of(String systemTraceAuditNumber) {
        return new LookupAccepted(systemTraceAuditNumber, MESSAGE);
    }
}
