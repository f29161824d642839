package com.paywire.workflows.cards;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * An authorisation to run. The card is the vault's reference plus its summary: the card number never enters
 * a workflow (it would be kept in Temporal's history).
 *
 * @param requestId           the client's RequestId, echoed as OrderId; the processor's idempotency key
 * @param authorisationExpiry an authorisation neither captured nor voided by then is voided at the processor
 */
public record CardAuthorisationCommand(String clientId, String authorisationId, String requestId, BigDecimal amount,
                                       String currency, String processorInstrumentId, String network,
                                       String lastFour, String expiryMonth, String expiryYear,
                                       String payerAuthenticationId, String cavv, String fraudScreenId,
                                       Duration authorisationExpiry, long createdAtMillis) {
}
