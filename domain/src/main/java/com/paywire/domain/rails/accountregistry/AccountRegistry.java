package com.paywire.domain.rails.accountregistry;

/**
 * What Paywire asks an institution's account registry ({@link AccountLookupProtocol}): who holds an account.
 * Wallets are asked of the mobile-money rail, bank accounts of the bank rail.
 */
public interface AccountRegistry {

    /**
     * @param reference      the account validation, the rail's idempotency key
     * @param validationType {@link AccountLookupProtocol#MOBILE_WALLET} or {@link AccountLookupProtocol#BANK_ACCOUNT}
     */
    AccountLookupProtocol.Answer lookUp(String reference, int validationType, String institutionCode,
                                        String accountNumber);
}
