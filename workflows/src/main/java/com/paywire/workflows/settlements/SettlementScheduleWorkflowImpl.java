package com.paywire.workflows.settlements;

import com.paywire.vocabulary.rules.settlements.SettlementCutOffs;
import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import io.temporal.workflow.Workflow;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Optional;

/**
 * One run per cut-off: reads the client's schedule, sleeps to its next cut-off (workflow time, which the local
 * stack's test clock moves), settles there, and continues as new, so its history stays one cut-off long. Told of a
 * change meanwhile, it continues as new at once and plans again; a MANUAL schedule (or none) waits to be told.
 */
public class SettlementScheduleWorkflowImpl implements SettlementScheduleWorkflow {

    private final SettlementActivities settlements = Workflow.newActivityStub(SettlementActivities.class,
            Policies.database(TaskQueues.PAYOUTS));

    private boolean changed;

    @Override
    public void run(String clientId) {
        SchedulePlan plan = settlements.settlementPlan(clientId);
        Optional<Instant> next = plan.schedule() == null ? Optional.empty()
                : SettlementCutOffs.next(Instant.ofEpochMilli(Workflow.currentTimeMillis()), plan.schedule(),
                        LocalTime.parse(plan.cutOff()), ZoneId.of(plan.zone()), DayOfWeek.valueOf(plan.weeklyDay()));
        if (next.isEmpty()) {
            Workflow.await(() -> changed);
        } else {
            Duration untilCutOff = Duration.ofMillis(Math.max(1, next.get().toEpochMilli() - Workflow.currentTimeMillis()));
            if (!Workflow.await(untilCutOff, () -> changed)) {
                settlements.settleAtCutOff(clientId, next.get().toEpochMilli());
            }
        }
        Workflow.continueAsNew(clientId);
    }

    @Override
    public void instructionsChanged() {
        changed = true;
    }
}
