package com.paywire.workflows.payouts;

/** The outside systems a payout line can go through. */
public enum Rail {
    MOBILE_MONEY,
    BANK
}
