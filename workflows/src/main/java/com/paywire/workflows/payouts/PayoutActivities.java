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

    /** A rail's success that arrived after the line had Timed Out: the money left, so it is posted and recorded. */
    void reconcileLateSuccess(String reference, RailResult railResult);

    /**
     * Publishes the event of the line's final status as recorded (see {@link PayoutEvents}), and the order's
     * when this line made it final; idempotent: an event's id follows from the line and its status.
     */
    void publishOutcome(String reference);
}
