package com.paywire.workflows.bills;

import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.bills.BillReminderActivities.ReminderState;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Workflow;
import java.time.Duration;

public class BillReminderWorkflowImpl implements BillReminderWorkflow {

    private final BillReminderActivities store =
            Workflow.newActivityStub(BillReminderActivities.class, Policies.database(TaskQueues.PLATFORM));
    private final BillReminderActivities biller = Workflow.newActivityStub(BillReminderActivities.class,
            Policies.railCall(TaskQueues.PLATFORM, Policies.BILLER_WINDOW));

    private boolean stopped;

    @Override
    public void remind(BillReminderCommand command) {
        String id = command.billNumberId();
        ReminderState state = store.current(id);
        if (!state.active()) {
            return;
        }
        Long due = state.dueDateMillis();
        if (due == null || due <= Workflow.currentTimeMillis()) {
            // no bill to remind of, or the last one is past and the biller has not issued the next: ask again later
            if (!sleepUnlessStopped(command.recheck())) {
                return;
            }
        } else {
            if (!sleepUnlessStopped(until(due - command.lead().toMillis())) || !store.current(id).active()) {
                return;
            }
            store.remind(id, due);
            if (!sleepUnlessStopped(until(due).plus(Policies.NEXT_BILL_DELAY))) {
                return;
            }
        }
        try {
            biller.refresh(id);
        } catch (ActivityFailure billerAway) {
            // keep the due date the store has; the next run finds it past and asks again after the recheck
        }
        // one cycle per run: the history stays the size of one due date, however long the reminder lives
        Workflow.continueAsNew(command);
    }

    private static Duration until(long epochMillis) {
        return Duration.ofMillis(Math.max(0, epochMillis - Workflow.currentTimeMillis()));
    }

    @Override
    public void stop() {
        stopped = true;
    }

    /** @return false when the reminder was stopped while waiting */
    private boolean sleepUnlessStopped(Duration duration) {
        Workflow.await(duration, () -> stopped);
        return !stopped;
    }
}
