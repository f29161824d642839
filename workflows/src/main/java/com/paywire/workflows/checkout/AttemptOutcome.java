package com.paywire.workflows.checkout;

/**
 * What became of an attempt to pay.
 *
 * @param paid       whether the money was taken
 * @param resultCode when not paid, why (a card decline code such as CARD_DECLINED, or the mobile-money result
 *                   code such as 1032); when paid, null
 * @param thirdParty the processor's or rail's own code, description and reference
 */
public record AttemptOutcome(boolean paid, String resultCode, String resultDesc, ThirdParty thirdParty) {

    /** The payment rail's words: for a paid order its reference is the CaptureId or the M-PESA receipt. */
    public record ThirdParty(String responseCode, String responseDesc, String reference) {

        public static final ThirdParty NONE = new ThirdParty(null, null, null);
    }
}
