package com.paywire.domain.bills;

/** The biller does not know the account: the client's answer is the reason "Account number is invalid.". */
public class AccountUnknownToBiller extends RuntimeException {

    public static final String REASON = "Account number is invalid.";

    public AccountUnknownToBiller() {
        super(REASON);
    }
}
