package com.paywire.workflows.payouts;

import com.paywire.vocabulary.payouts.LineStatus;

/**
 * The final word on a line: post (COMPLETED) or release (every other status) its reservation and record the
 * outcome, in one step.
 *
 * @param systemTraceAuditNumber the line's {@link PayoutLineCommand#reference() reference}; the name is the one
 *                               recorded in histories in flight, from when the stan was the line's reference
 * @param acknowledgement the rail's intake answer, or null when the line never reached the rail
 * @param railResult      the rail's final answer, or null (rejected, timed out, never sent)
 */
public record LineOutcome(String systemTraceAuditNumber, LineStatus status, String resultCode,
                          String resultDescription, RailAcknowledgement acknowledgement, RailResult railResult) {
}
