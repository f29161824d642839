package com.paywire.domain.paybacks;

import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * A reversal of a collection as its client sees it: in the reversal's answer and status query, in the collection's
 * own status query, and in the {@code deposit.reversed}/{@code c2b.reversed} events (docs/disputes-and-reversals.md).
 */
public record CollectionReversalView(
        @Schema(description = "Paywire's id of the reversal") String reversalId,
        @Schema(description = "your id of the reversal, its idempotency key") String originatorConversationId,
        @Schema(description = "EXPRESS_DEPOSIT, PAYMENT_LINK_PAYMENT or PAYBILL_DEPOSIT") String collectionType,
        @Schema(description = "the collection as you named it") String collectionId,
        @Schema(description = "what goes back to the payer: all the payer paid, in KES") BigDecimal amount,
        @Schema(description = "the part of it that is Paywire's fee, returned from Paywire's revenue (zero when the "
                + "charge table keeps it: then your utility account gives back the whole amount)") BigDecimal fee,
        @Schema(description = "the currency's letter code (KES)") String currency,
        @Schema(description = "PENDING; REVERSING (held from your utility account, the rail asked); HELD (still "
                + "held, the rail's answer unknown: referred to Paywire's operators); REVERSED; FAILED (the rail "
                + "refused, with its code: the hold released)",
                allowableValues = {"PENDING", "REVERSING", "HELD", "REVERSED", "FAILED"}) String status,
        @Schema(description = "the rail's result code once it gave its final answer, else null") String resultCode,
        @Schema(description = "the rail's words, or why it still waits; null otherwise") String resultDesc,
        @Schema(description = "why it was reversed, as asked") String reason,
        @Schema(description = "when it was asked for") OffsetDateTime createdDate,
        @Schema(description = "when the rail decided it; null until then") OffsetDateTime closedDate) {
}
