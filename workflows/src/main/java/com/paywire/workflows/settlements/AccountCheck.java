package com.paywire.workflows.settlements;

/**
 * What the bank's account registry said of an account new settlement instructions name, compared with the name
 * the merchant gave; the holder's name itself stays out of the workflow's history.
 */
public enum AccountCheck {
    /** The account exists, can receive money and its holder's name matches. */
    MATCHED,
    /** The registry holds the account under another name. */
    NAME_MISMATCH,
    /** The registry does not know the account. */
    UNKNOWN_ACCOUNT,
    /** The account exists and cannot receive money. */
    INACTIVE,
    /** The registry could not be reached in the window. */
    UNAVAILABLE
}
