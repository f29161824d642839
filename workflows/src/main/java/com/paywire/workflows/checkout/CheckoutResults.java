package com.paywire.workflows.checkout;

/**
 * The ResultCode and ResultDesc of a checkout order's outcome where Paywire chooses them. A failed attempt
 * carries its own: the card decline's ErrorCode (CARD_DECLINED, INSUFFICIENT_FUNDS, FRAUD_REJECTED, ...) or the
 * mobile-money result code (1, 1032, 1037, 2001, ...). Pending and Processing carry none.
 */
public final class CheckoutResults {

    public static final String COMPLETED = "000";
    public static final String COMPLETED_DESC = "Request Processed";
    public static final String CANCELLED = "CANCELLED";
    public static final String CANCELLED_DESC = "Cancelled by the payer";
    public static final String EXPIRED = "EXPIRED";
    public static final String EXPIRED_DESC = "Not paid by the due date";
    /** The card processor did not answer within the card charge's window. */
    public static final String PROCESSOR_UNAVAILABLE = "PROCESSOR_UNAVAILABLE";
    public static final String PROCESSOR_UNAVAILABLE_DESC = "The card payment could not be completed in time; try again";
    /** The attempt failed for a reason of Paywire's (not the card's, nor an outage); the payer may try again. */
    public static final String CARD_ATTEMPT_FAILED = "CARD_ATTEMPT_FAILED";
    public static final String CARD_ATTEMPT_FAILED_DESC = "The card payment could not be completed; try again";
    /** The transient token (or 3-D Secure authentication) could not be used: expired, used, or unknown. */
    public static final String CARD_DETAILS_UNUSABLE = "CARD_DETAILS_UNUSABLE";
    /** The processor refused to capture what it had authorised; the authorisation is released. */
    public static final String CAPTURE_REFUSED = "CAPTURE_REFUSED";

    private CheckoutResults() {
    }
}
