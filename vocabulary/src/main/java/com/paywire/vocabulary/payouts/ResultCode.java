package com.paywire.vocabulary.payouts;

/** The public line resultCode values this platform produces, with their descriptions. */
public enum ResultCode {
    SUCCESS("0", "Success"),
    TIMEOUT("-1", "Timeout: no answer from the rail in time"),
    INSUFFICIENT_FUNDS("1", "Insufficient funds"),
    CANNOT_REJECT("1", "Transaction cannot be rejected on current status"),
    INVALID_CREDIT_ACCOUNT("6", "Invalid credit account"),
    THIRD_PARTY_FAILURE("13", "Third party failure"),
    INSUFFICIENT_WALLET_BALANCE("15", "Insufficient wallet balance at the rail"),
    THIRD_PARTY_UNAVAILABLE("16", "Third party unavailable"),
    /** no public code fits a client's own rejection; 999 is the generic one */
    REJECTED("999", "Rejected by the client"),
    /** the line's workflow was cancelled (by operations) before a final answer; what it held is released */
    CANCELLED("998", "Cancelled before a final answer; funds released");

    private final String code;
    private final String description;

    ResultCode(String code, String description) {
        this.code = code;
        this.description = description;
    }

    public String code() {
        return code;
    }

    public String description() {
        return description;
    }
}
