package com.paywire.vocabulary.settlements;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * Where and when a merchant's collections are settled.
 *
 * @param accountChangedAt when the bank account was last set to another one (null: never changed since it was first
 *                         set); no settlement goes to it before {@code usableFrom}
 * @param usableFrom       when settlements may first go to the account (its change plus the cool-off)
 */
public record SettlementInstructions(String clientId, String bankCode, String accountNumber, String accountName,
                                     SettlementSchedule schedule, BigDecimal minimumAmount,
                                     OffsetDateTime accountChangedAt, OffsetDateTime usableFrom,
                                     OffsetDateTime createdAt, OffsetDateTime updatedAt) {

    /** The account number as answers show it: its last four digits. */
    public String maskedAccountNumber() {
        return mask(accountNumber);
    }

    public static String mask(String accountNumber) {
        if (accountNumber == null) {
            return null;
        }
        int keep = Math.min(4, accountNumber.length());
        return "*".repeat(accountNumber.length() - keep) + accountNumber.substring(accountNumber.length() - keep);
    }

    /** Whether another bank account is named (a security event), not only another schedule or minimum. */
    public boolean sameAccountAs(String bankCode, String accountNumber) {
        return this.bankCode.equals(bankCode) && this.accountNumber.equals(accountNumber);
    }
}
