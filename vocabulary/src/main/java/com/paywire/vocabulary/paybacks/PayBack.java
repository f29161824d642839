package com.paywire.vocabulary.paybacks;

import com.paywire.vocabulary.products.Product;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * Money Paywire pays back to a payer, as {@code pay_backs} holds it.
 *
 * @param subject       a suspense return's receipt, a refund due's owed-back ledger key
 * @param attempt       a suspense return's attempt (a refused one may be returned again); 1 for a refund due
 * @param holdKey       the ledger key its money is held under while the rail is asked
 * @param product       the payment paid back
 * @param paymentId     that payment's id (a phone prompt's deposit id, a capture id, a paybill deposit's id)
 * @param method        how it is paid back, once held; null before
 * @param railReference what the rail calls it, where it names it (a card refund's id)
 * @param reason        why it failed or waits, or which operator confirmed it paid; null otherwise
 */
public record PayBack(UUID id, PayBackKind kind, String subject, int attempt, String holdKey, Product product,
                      String paymentId, UUID checkoutId, BigDecimal amount, String currency, PayBackMethod method,
                      String railReference, PayBackStatus status, String reason, String operatorId,
                      boolean workflowStarted, OffsetDateTime createdAt, OffsetDateTime closedAt) {

    /**
     * Still paying, with why it waits: its rail silent past its window, the money held for the rail's late word or an
     * operator's (a collection reversal shows it HELD).
     */
    public boolean heldUnanswered() {
        return status == PayBackStatus.PAYING && reason != null;
    }
}
