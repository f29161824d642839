package com.paywire.workflows.payouts;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * Ledger and read-model steps of a payout line. Each is idempotent and runs in one database transaction, but for
 * publishOutcome, which records each event in its own. A line is named by its
 * {@link PayoutLineCommand#reference() reference}, unique across clients, where stans are not.
 */
@ActivityInterface
public interface PayoutActivities {

    /**
     * Holds amount plus fee in the client's working account and moves the line to Processing, in one transaction
     * that keeps the line locked, so reject-order either comes first (REJECTED, nothing held) or finds the line
     * Processing, no longer its to stop: RESERVED means held and claimed for sending. INSUFFICIENT_FUNDS records the
     * line Failed. Only the line's reference is passed: the step reads the line's row anyway.
     */
    Reservation reserveAndClaim(String reference);

    /**
     * {@link #closeLine} and {@link #publishOutcome} in one step: the outcome, the order's processed mark and the
     * events with their planned deliveries in one transaction, the deliveries started once it has committed.
     */
    void closeAndPublish(LineOutcome outcome);

    /**
     * Kept for the histories recorded before reserveAndClaim: holds amount plus fee in the client's working account
     * and marks the line Queued, unless it was rejected.
     */
    Reservation reserveFunds(PayoutLineCommand line);

    /**
     * Kept for the histories recorded before reserveAndClaim: Queued to Processing, atomically with respect to
     * reject-order; false when the line was rejected first.
     */
    boolean claimForSending(String reference);

    /**
     * Kept for the histories recorded before closeAndPublish: posts (Completed) or voids (any other status) the
     * reservation and records the outcome. Its activity type keeps the name it was first recorded under, so
     * histories in flight replay.
     */
    @ActivityMethod(name = "SettleLine")
    void closeLine(LineOutcome outcome);

    /**
     * The line had no final answer in its window (version 1 of {@code unknown-outcome-keeps-its-hold}): recorded
     * Timed Out, resultCode -1, as the client reads it, its hold kept pending, and its events published, in one
     * transaction; with {@code referNow} also referred to operations (a line cancelled while at the rail, whose
     * workflow can no longer ask). A later {@link #closeAndPublish} with the rail's answer posts or releases the hold.
     */
    void keepHoldUnconfirmed(LineOutcome timedOut, boolean referNow);

    /**
     * The reconciliation window passed with still no final answer: the line is referred to operations, its hold
     * kept, for an operator to resolve (docs/operations.md); nothing when its money was decided meanwhile.
     */
    void referToOperations(String reference);

    /**
     * A rail's final answer that came after the line's workflow had ended (started by the callback, once per line):
     * a kept hold is posted or released; a success after the hold was released is booked from the working account,
     * or referred to operations when it is short; anything else changes nothing.
     */
    void reconcileLateAnswer(String reference, RailResult answer);

    /**
     * Kept for lines that timed out before version 1 of {@code unknown-outcome-keeps-its-hold}, whose hold was
     * released at the timeout: a late success is booked again from the working account, else the receivable.
     * Newer lines keep their hold and never call it.
     */
    void reconcileLateSuccess(String reference, RailResult railResult);

    /**
     * Publishes the event of the line's final status as recorded (see
     * {@link com.paywire.vocabulary.notifications.EventType#ofLineStatus}), and the order's when this line made it
     * final; idempotent: an event's id follows from the line and its status.
     */
    void publishOutcome(String reference);
}
