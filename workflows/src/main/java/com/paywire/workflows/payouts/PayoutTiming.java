package com.paywire.workflows.payouts;

import com.paywire.workflows.Policies;
import java.time.Duration;

/**
 * The time limits of one payout line, fixed when the order is accepted (so that replay sees the same values).
 *
 * @param railAnswerWindow     how long the rail has to give a final answer before the line is Timed Out (8, -1)
 * @param statusQueryInterval  how often to ask the rail while waiting for its callback
 * @param reconciliationWindow after a timeout, how long a late answer from the rail is still taken and reconciled
 * @param maxLinesInFlight     how many lines of one order are with the rail at once; the rest wait Pending
 */
public record PayoutTiming(Duration railAnswerWindow, Duration statusQueryInterval, Duration reconciliationWindow,
                           int maxLinesInFlight) {

    /** While reconciling after a timeout, how often to ask the rail. */
    public Duration reconciliationQueryInterval() {
        return Policies.PAYOUT_RECONCILIATION_QUERY_INTERVAL;
    }

}
