package com.paywire.workflows.payouts;

import com.paywire.vocabulary.payouts.LineStatus;
import java.util.List;

/**
 * The events a payout publishes: one per final status a line reaches (its data is the line record exactly as
 * check-status answers it), and one when every line of the order is final.
 */
public final class PayoutEvents {

    public static final String COMPLETED = "payout.completed";
    public static final String FAILED = "payout.failed";
    public static final String TIMED_OUT = "payout.timed_out";
    public static final String REJECTED = "payout.rejected";
    public static final String CANCELLED = "payout.cancelled";
    public static final String ORDER_PROCESSED = "payment_order.processed";
    public static final List<String> ALL = List.of(COMPLETED, FAILED, TIMED_OUT, REJECTED, CANCELLED, ORDER_PROCESSED);

    private PayoutEvents() {
    }

    /** The event of a line that reached this status; null for a status that is not final. */
    public static String ofLineStatus(LineStatus status) {
        return switch (status) {
            case COMPLETED -> COMPLETED;
            case FAILED -> FAILED;
            case TIMED_OUT -> TIMED_OUT;
            case REJECTED -> REJECTED;
            case CANCELLED -> CANCELLED;
            default -> null;
        };
    }
}
