package com.paywire.vocabulary.payouts.reversals;

import com.paywire.vocabulary.products.Product;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

/**
 * An operator's reversal of a completed mobile-money payout line sent to the wrong wallet, as
 * {@code payout_reversals} holds it. The rail knows it by {@link #railReference()}; the ledger by {@link #holdKey}.
 *
 * @param lineReference the line's rail reference (its ledger key is {@code payout:{lineReference}})
 * @param msisdn        the wallet the payout went to, which the rail takes the money back from
 * @param originalReceipt the rail's receipt of the payout
 * @param resultCode    the rail's result code once it decided, or null
 * @param note          why it was refused or still waits, or null
 */
public record PayoutReversal(UUID id, String clientId, UUID lineId, String lineReference, UUID orderId,
                             String originatorConversationId, String systemTraceAuditNumber, BigDecimal amount,
                             String currency, String msisdn, String originalReceipt, String reason,
                             String operatorId, String holdKey, PayoutReversalStatus status, String resultCode,
                             String note, boolean workflowStarted, OffsetDateTime createdAt,
                             OffsetDateTime closedAt) {

    /** What the rail's reversal calls and callbacks name it by: a prefix the pay-backs' ids (UUIDs) never have. */
    public static final String RAIL_REFERENCE_PREFIX = "PR-";

    public String railReference() {
        return RAIL_REFERENCE_PREFIX + id;
    }

    /** The reversal's id in a rail reference, if the reference is a payout reversal's. */
    public static Optional<UUID> idOf(String railReference) {
        if (railReference == null || !railReference.startsWith(RAIL_REFERENCE_PREFIX)) {
            return Optional.empty();
        }
        try {
            return Optional.of(UUID.fromString(railReference.substring(RAIL_REFERENCE_PREFIX.length())));
        } catch (IllegalArgumentException notOne) {
            return Optional.empty();
        }
    }

    /** The ledger key of its hold: the line's payout key extended, so an audit finds it from the line or itself. */
    public static String holdKey(String lineKey, UUID reversalId) {
        return lineKey + Product.REVERSAL_KEY_PART + reversalId;
    }
}
