package com.paywire.activities.settlements;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.settlements.Settlements;
import com.paywire.workflows.payouts.RailResult;
import com.paywire.workflows.settlements.SchedulePlan;
import com.paywire.workflows.settlements.SettlementActivities;
import com.paywire.workflows.settlements.SettlementHold;
import org.springframework.stereotype.Component;

/** A settlement's and a schedule's steps: each is {@link Settlements}', one transaction, idempotent. */
@Component
public class SettlementActivitiesImpl implements SettlementActivities {

    private final Settlements settlements;

    public SettlementActivitiesImpl(Settlements settlements) {
        this.settlements = settlements;
    }

    @Override
    public SettlementHold holdSettlement(String settlementId) {
        return reported(() -> settlements.hold(settlementId));
    }

    @Override
    public void closeSettlement(String settlementId, RailResult result) {
        reported(() -> settlements.close(settlementId, result));
    }

    @Override
    public void failSettlement(String settlementId, String resultCode, String resultDescription) {
        reported(() -> settlements.fail(settlementId, resultCode, resultDescription));
    }

    @Override
    public void keepHeldUnconfirmed(String settlementId) {
        reported(() -> settlements.keepHeldUnconfirmed(settlementId));
    }

    @Override
    public void referSettlement(String settlementId) {
        reported(() -> settlements.refer(settlementId));
    }

    @Override
    public SchedulePlan settlementPlan(String clientId) {
        return reported(() -> settlements.plan(clientId));
    }

    @Override
    public String settleAtCutOff(String clientId, long cutOffMillis) {
        return reported(() -> settlements.settleAtCutOff(clientId, cutOffMillis));
    }
}
