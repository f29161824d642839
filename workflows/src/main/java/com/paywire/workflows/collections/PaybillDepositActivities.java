package com.paywire.workflows.collections;

import com.paywire.vocabulary.collections.PaybillDepositStatus;
import io.temporal.activity.ActivityInterface;

/** The ledger, the read model and the client's notice of a paybill deposit. Idempotent: a retry finds its work done. */
@ActivityInterface
public interface PaybillDepositActivities {

    /**
     * Routes the deposit again (its client may have been disabled since the rail asked) and, once, credits the
     * client's utility account less the fee of the charge table, or moves the whole amount to the suspense account.
     *
     * @return the deposit's status: CREDITED or SUSPENDED (Temporal carries it by its name, as histories recorded
     *         when this answered a String hold it)
     */
    PaybillDepositStatus creditPaybillDeposit(String depositId);

    /**
     * Publishes {@code c2b.received} to the client's webhooks and its paybill callback URL, if it set one; the
     * event's id is the deposit's, so publishing again publishes nothing more.
     */
    void announcePaybillDeposit(String depositId);
}
