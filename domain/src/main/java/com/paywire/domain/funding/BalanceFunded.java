package com.paywire.domain.funding;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.OffsetDateTime;

/**
 * The data of a {@code balance.funded} event: money the client paid into Paywire's bank account reached its
 * working account (accountType 1).
 */
@Schema(description = "balance.funded: money paid into Paywire's bank account credited to the working account")
public record BalanceFunded(
        @Schema(description = "the bank's reference of the entry: the statement's receiptNumber of the credit")
        String entryReference,
        @Schema(description = "KES credited, two decimals, as a string") String amount,
        @Schema(description = "KES") String currency,
        @Schema(description = "the account credited: 1, the working account") int accountType,
        @Schema(description = "the funding reference the transfer named; null when an operator assigned it")
        String fundingReference,
        @Schema(description = "BANK_STATEMENT, or SUSPENSE_ASSIGNMENT when an operator assigned it from suspense")
        String source,
        @Schema(description = "when it was credited") OffsetDateTime fundedAt) {
}
