package com.paywire.workflows.airtime;

import com.paywire.vocabulary.airtime.AirtimePurchaseStatus;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * The ledger and read-model steps of an airtime purchase. Each runs in one database transaction and is idempotent;
 * the activity types name airtime, as no two on one worker may share a name.
 */
@ActivityInterface
public interface AirtimeActivities {

    /**
     * Holds the recipient's amount plus fee in the client's working account and marks it Processing; when the
     * account is short, holds nothing and records the recipient as failed (result code 1).
     *
     * @return whether the funds are held (also on a retry that finds its own hold)
     */
    @ActivityMethod(name = "ReserveAirtime")
    boolean reserve(String recipientId);

    /**
     * Records that the network has not said what became of the top-up (result code 14, pending confirmation), its
     * funds still held; {@code referredToOperations} once the reconciliation window has passed without an answer.
     */
    @ActivityMethod(name = "RecordAirtimeUnconfirmed")
    void recordUnconfirmed(String recipientId, boolean referredToOperations);

    /** Posts (a top-up done) or releases (any other outcome) the recipient's hold, and records the outcome. */
    @ActivityMethod(name = "CloseAirtimeRecipient")
    void closeRecipient(TopUpOutcome outcome);

    /**
     * Records the purchase's final status from its recipients' and publishes the status record to the client's
     * callback URL (once: the event's id follows from the purchase).
     *
     * @return the purchase's final status
     */
    @ActivityMethod(name = "FinishAirtimePurchase")
    AirtimePurchaseStatus finish(String purchaseId);
}
