package com.paywire.workflows.payouts;

import java.math.BigDecimal;

/**
 * What a rail said about a payout, already mapped to Paywire's result codes by the rail's protocol, with the
 * rail's own codes kept for the thirdPartyPayload.
 *
 * @param state                  PENDING while the rail has no final answer; UNKNOWN when it never heard of it
 * @param completedAt            the rail's completion time, ISO-8601, or null
 */
public record RailResult(String reference, State state, String resultCode, String resultDescription,
                         String railResultCode, String railResultDescription, String receiptNumber,
                         String creditPartyName, BigDecimal walletBalance, String completedAt) {

    public enum State {
        COMPLETED,
        FAILED,
        PENDING,
        UNKNOWN
    }

    public boolean hasFinalAnswer() {
        return state == State.COMPLETED || state == State.FAILED;
    }

    public static RailResult pending(String reference) {
        return new RailResult(reference, State.PENDING, null, null, null, null, null, null, null, null);
    }
}
