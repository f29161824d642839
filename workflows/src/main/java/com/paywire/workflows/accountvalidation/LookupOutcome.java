package com.paywire.workflows.accountvalidation;

/**
 * What the institution answered, without the holder's name (the lookup activity stores that).
 *
 * @param transactionId the institution's reference of the lookup, when it answered
 */
public record LookupOutcome(String resultCode, String resultDesc, String transactionId) {

    /** The institution knows the account and named its holder. */
    public static final String FOUND = "0";
    /** The institution does not know the account. */
    public static final String NOT_FOUND = "1";
    /** The account exists and cannot receive money (closed, dormant, frozen). */
    public static final String INACTIVE = "2";
    /** The institution could not be reached within the window. */
    public static final String INSTITUTION_UNAVAILABLE = "91";

    public static LookupOutcome institutionUnavailable() {
        return new LookupOutcome(INSTITUTION_UNAVAILABLE, "The institution did not answer; submit the request again later",
                null);
    }

    public boolean institutionAnswered() {
        return !INSTITUTION_UNAVAILABLE.equals(resultCode);
    }
}
