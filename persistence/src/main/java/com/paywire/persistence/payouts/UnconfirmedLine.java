package com.paywire.persistence.payouts;

/**
 * What Paywire does not know of a payout line whose money waits on the rail or an operator
 * ({@code payout_lines.unconfirmed}, stored by name); a line whose money is decided has none.
 */
public enum UnconfirmedLine {
    /** No final answer in the line's window: it reads Timed Out and its hold stays pending. */
    HOLD_KEPT,
    /**
     * The rail paid after the line's hold had been released (Cancelled, Failed unreachable, or Timed Out before
     * holds were kept) and the working account could not cover the payout again: for an operator.
     */
    PAID_UNBOOKED
}
