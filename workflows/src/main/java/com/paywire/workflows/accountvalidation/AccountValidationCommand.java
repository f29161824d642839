package com.paywire.workflows.accountvalidation;

import java.time.Duration;

/**
 * @param validationId Paywire's id of the validation (the account number stays in the store)
 * @param lookupWindow how long the institution may be away before the validation fails
 * @param retention    how long the account number and holder's name are kept once answered
 */
public record AccountValidationCommand(String validationId, String clientId, String systemTraceAuditNumber,
                                       Duration lookupWindow, Duration retention) {
}
