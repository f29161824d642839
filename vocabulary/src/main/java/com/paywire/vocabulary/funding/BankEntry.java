package com.paywire.vocabulary.funding;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * One entry of the platform bank's statement, as read from a camt.053 {@code Ntry} or an MT940 {@code :61:} with
 * its {@code :86:}.
 *
 * @param entryReference the bank's own reference of the entry (camt {@code AcctSvcrRef}, else {@code NtryRef};
 *                       MT940 the :61: bank reference, else the account owner's): what an entry is credited once by
 * @param credit         true for money in, false for money out
 * @param booked         whether the bank booked it (camt {@code Sts} BOOK; every MT940 :61: is)
 * @param amount         positive, as the bank wrote it
 * @param currency       ISO 4217 letters
 * @param remittance     the remittance information and additional entry information, joined by a space
 * @param bookingDate    null when the statement gives none
 */
public record BankEntry(String entryReference, boolean credit, boolean booked, BigDecimal amount, String currency,
                        String remittance, LocalDate bookingDate) {

    /**
     * The prefix of a bank entry's ledger key, {@code bank-funding:{entryReference}} (its credit to a client or to
     * funding suspense): no product's, so statements type the credit FUNDING by its other account.
     */
    public static final String KEY_PREFIX = "bank-funding:";

    /** The ledger key of the entry's credit. */
    public static String ledgerKey(String entryReference) {
        return KEY_PREFIX + entryReference;
    }
}
