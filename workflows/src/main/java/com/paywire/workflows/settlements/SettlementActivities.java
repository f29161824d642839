package com.paywire.workflows.settlements;

import com.paywire.workflows.payouts.RailResult;
import io.temporal.activity.ActivityInterface;

/** A settlement's database steps and a schedule's; each one transaction, each idempotent. */
@ActivityInterface
public interface SettlementActivities {

    /**
     * Holds the settlement's amount and fee on the utility account and takes the entries it settles; a repeat
     * answers as the first did. Not held (the account short, the instructions gone): the settlement is failed.
     */
    SettlementHold holdSettlement(String settlementId);

    /** The bank's final answer: the hold posted (PAID) or released (FAILED), and the client told. Once. */
    void closeSettlement(String settlementId, RailResult result);

    /** Failed before the bank took it (refused, or never reached): the hold released, the client told. Once. */
    void failSettlement(String settlementId, String resultCode, String resultDescription);

    /** No final answer in the window: UNCONFIRMED, the hold kept. */
    void keepHeldUnconfirmed(String settlementId);

    /** Still no answer after the reconciliation window: referred to operations, the hold kept. */
    void referSettlement(String settlementId);

    /** What the client's schedule is now. */
    SchedulePlan settlementPlan(String clientId);

    /**
     * The schedule's run at a cut-off: makes and starts a settlement of the available utility balance when the
     * rules allow one (instructions, minimum, the account's cool-off, none open), once per cut-off.
     *
     * @return the settlement's id, or null when none was made
     */
    String settleAtCutOff(String clientId, long cutOffMillis);
}
