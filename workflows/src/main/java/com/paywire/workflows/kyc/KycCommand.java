package com.paywire.workflows.kyc;

import java.time.Duration;

/**
 * @param requestId      Paywire's id of the KYC request (its personal data stays in the store)
 * @param registryWindow how long the registry may be away before the request fails
 * @param retention      how long the personal data is kept once the request is answered
 */
public record KycCommand(String requestId, String clientId, String systemTraceAuditNumber, Duration registryWindow,
                         Duration retention) {
}
