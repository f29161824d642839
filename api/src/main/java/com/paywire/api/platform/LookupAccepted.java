package com.paywire.api.platform;

/**
 * The answer to an accepted personal-data lookup, a KYC validation or an account validation:
 * {systemTraceAuditNumber, message}, in that order, the message the same for both (docs/interface.md).
 */
public record LookupAccepted(String systemTraceAuditNumber, String message) {

    static final String MESSAGE = "Request Accepted. Kindly await processing";

    public static LookupAccepted of(String systemTraceAuditNumber) {
        return new LookupAccepted(systemTraceAuditNumber, MESSAGE);
    }
}
