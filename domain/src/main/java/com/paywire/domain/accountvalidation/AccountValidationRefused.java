package com.paywire.domain.accountvalidation;

/**
 * A well-formed account validation that cannot be processed (a reused systemTraceAuditNumber, an institution
 * Paywire does not reach, a route the client does not hold): answered {@code {systemTraceAuditNumber, errorMessage}}.
 */
public class AccountValidationRefused extends RuntimeException {

    private final String systemTraceAuditNumber;

    public AccountValidationRefused(String systemTraceAuditNumber, String errorMessage) {
        super(errorMessage);
        this.systemTraceAuditNumber = systemTraceAuditNumber;
    }

    public String systemTraceAuditNumber() {
        return systemTraceAuditNumber;
    }
}
