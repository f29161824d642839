package com.paywire.vocabulary.paybacks;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A reversal of a collection as {@code collection_reversals} holds it; where it stands is its pay-back's (same id).
 *
 * @param collectionId the collection as the client named it (an OriginatorConversationId, a payment's id, a receipt)
 * @param paymentId    Paywire's id of the collection (the express deposit's, the paybill deposit's)
 * @param collectionKey the ledger key the collection was credited under; the reversal's holds extend it
 * @param amount       what the payer paid, all of which goes back
 * @param fee          the part of it revenue gives back (the collection's fee, or zero when the charge table keeps it)
 * @param requestedBy  the operator who asked for it, or null when the client did
 */
public record CollectionReversal(UUID id, String clientId, String originatorConversationId,
                                 CollectionType collectionType, String collectionId, UUID paymentId,
                                 String collectionKey, BigDecimal amount, BigDecimal fee, String currency,
                                 String reason, String requestedBy, OffsetDateTime createdAt) {
}
