package com.paywire.vocabulary.operations;

import com.paywire.vocabulary.products.Product;
import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * @param product          AIRTIME (the id is the recipient's), BILL, PAYOUT (the id is the line's), or CARD
 *                         (the id is the capture's or the refund's: {@code cap_…}, {@code ref_…}; the others are
 *                         UUIDs), or PHONE_PROMPT (the id is the express deposit's; fee 0: a phone prompt's
 *                         fee is not Paywire's)
 * @param originatorConversationId the client's own id of it (for a card operation, its RequestId)
 * @param fee              Paywire's fee: a card capture's card fee as held, zero for a card refund
 * @param unconfirmedSince when it was first shown pending confirmation (null for rows recorded before V21)
 * @param referredAt       when it was referred to operations; null while its rail is still asked
 */
public record UnconfirmedPayment(Product product, String id, String clientId, String originatorConversationId,
                                 BigDecimal amount, BigDecimal fee, OffsetDateTime unconfirmedSince,
                                 OffsetDateTime referredAt) {
}
