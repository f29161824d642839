package com.paywire.vocabulary.settlements;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One settlement of a merchant's utility account to its bank account.
 *
 * @param originatorConversationId the client's id of a manual settlement, or Paywire's of a scheduled one
 *                                 ({@code scheduled:{cut-off}})
 * @param amount       what leaves the utility account: the entries it settles, plus what the previous settlement
 *                     carried forward, less what this one carries forward
 * @param fee          the bank transfer's fee (transaction type 2), taken out of the amount
 * @param net          what the bank is asked to pay: amount less fee
 * @param carriedIn    what the previous paid settlement's entries held beyond its amount, settled now
 * @param carriedOut   what this settlement's entries hold beyond its amount (held elsewhere, or a smaller amount
 *                     asked), settled by the next
 * @param bankReference the bank's receipt, once it paid
 */
public record Settlement(UUID id, String clientId, String originatorConversationId, boolean scheduled,
                         SettlementStatus status, BigDecimal amount, BigDecimal fee, BigDecimal net,
                         BigDecimal carriedIn, BigDecimal carriedOut, String bankCode, String accountNumber,
                         String accountName, String resultCode, String resultDescription, String bankReference,
                         OffsetDateTime createdAt, OffsetDateTime heldAt, OffsetDateTime paidAt,
                         OffsetDateTime failedAt, OffsetDateTime unconfirmedSince, OffsetDateTime referredAt,
                         boolean workflowStarted) {

    public String maskedAccountNumber() {
        return SettlementInstructions.mask(accountNumber);
    }
}
