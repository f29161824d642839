package com.paywire.workflows.airtime;

import com.paywire.workflows.OperatorResolution;

/**
 * What became of one recipient's top-up, in Paywire's result codes (docs/interface.md#airtime).
 *
 * @param receiptNumber the network's receipt of a top-up; null otherwise
 */
public record TopUpOutcome(String recipientId, String resultCode, String resultDesc, String receiptNumber) {

    /** Topped up. */
    public static final String SUCCESS = "0";
    /** The client's working account could not cover amount plus fee: nothing was sent. */
    public static final String INSUFFICIENT_FUNDS = "1";
    /** The network says the number is not one of its subscribers that can take airtime. */
    public static final String INVALID_NUMBER = "6";
    /** The network refused the top-up for another reason. */
    public static final String REFUSED = "13";
    /** The network could not be reached within the window, and says it never received the top-up. */
    public static final String NETWORK_UNAVAILABLE = "16";

    public static TopUpOutcome networkUnavailable(String recipientId) {
        return new TopUpOutcome(recipientId, NETWORK_UNAVAILABLE,
                "The network could not be reached; the funds were released", null);
    }

    /** Topped up ({@code 0}, the operator's reference as receipt) or not ({@code 13}), as an operator says. */
    public static TopUpOutcome resolvedBy(OperatorResolution resolution) {
        return new TopUpOutcome(resolution.paymentId(), resolution.paid() ? SUCCESS : REFUSED,
                resolution.description(), resolution.paid() ? resolution.reference() : null);
    }

    public boolean toppedUp() {
        return SUCCESS.equals(resultCode);
    }
}
