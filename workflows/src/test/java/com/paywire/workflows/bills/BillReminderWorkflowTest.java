package com.paywire.workflows.bills;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** The due-date reminder alone, against an in-memory bill number and biller, with time skipping. */
class BillReminderWorkflowTest {

    static final Duration LEAD = Duration.ofDays(3);
    static final Duration RECHECK = Duration.ofDays(1);
    static final long DAY = Duration.ofDays(1).toMillis();

    /** A saved number whose due date the biller moves a month on after each one, until the test says otherwise. */
    final class Bill implements BillReminderActivities {
        volatile boolean active = true;
        volatile Long dueDate;
        volatile boolean billerIssuesNextBill = true;
        volatile int stopAfterReminders = Integer.MAX_VALUE;
        final List<Long> reminded = new CopyOnWriteArrayList<>();
        final List<Long> remindedAt = new CopyOnWriteArrayList<>();

        @Override
        public ReminderState current(String billNumberId) {
            return new ReminderState(active, dueDate);
        }

        @Override
        public void remind(String billNumberId, long dueDateMillis) {
            reminded.add(dueDateMillis);
            remindedAt.add(env.currentTimeMillis());
            if (reminded.size() >= stopAfterReminders) {
                active = false;
            }
        }

        @Override
        public ReminderState refresh(String billNumberId) {
            if (billerIssuesNextBill && dueDate != null) {
                dueDate = dueDate + 30 * DAY;
            }
            return new ReminderState(active, dueDate);
        }
    }

    TestWorkflowEnvironment env;
    Bill bill;
    String lastWorkflowId;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        bill = new Bill();
        Worker worker = env.newWorker(TaskQueues.PLATFORM);
        worker.registerWorkflowImplementationTypes(BillReminderWorkflowImpl.class);
        worker.registerActivitiesImplementations(bill);
        env.start();
    }

    /** Keeps the workflow's history for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        RecordedHistories.keepIfAsked(env, lastWorkflowId, "bill-reminder-" + test.getTestMethod().orElseThrow().getName());
        env.close();
    }

    @Test
    void givenADueDate_itShouldRemindBeforeIt_thenFollowTheNextDueDate_untilTurnedOff() {
        long firstDue = env.currentTimeMillis() + 10 * DAY;
        bill.dueDate = firstDue;
        bill.stopAfterReminders = 2;

        run("n-1").getResult(Void.class);

        assertThat(bill.reminded).containsExactly(firstDue, firstDue + 30 * DAY);
        assertThat(bill.remindedAt.get(0)).isBetween(firstDue - LEAD.toMillis(), firstDue - LEAD.toMillis() + DAY);
        assertThat(bill.remindedAt.get(1)).isLessThan(firstDue + 30 * DAY);
    }

    @Test
    void givenTheReminderTurnedOffBeforeTheDueDate_itShouldEnd_withoutReminding() {
        bill.dueDate = env.currentTimeMillis() + 10 * DAY;
        WorkflowStub reminder = run("n-2");

        env.sleep(Duration.ofDays(2));
        bill.active = false;
        reminder.signal("stop");
        reminder.getResult(Void.class);

        assertThat(bill.reminded).isEmpty();
    }

    @Test
    void givenTheBillerHasNotIssuedTheNextBill_itShouldNotRemindTwiceOfOneDueDate() {
        long due = env.currentTimeMillis() + 5 * DAY;
        bill.dueDate = due;
        bill.billerIssuesNextBill = false;
        WorkflowStub reminder = run("n-3");

        env.sleep(Duration.ofDays(20));
        bill.active = false;
        reminder.signal("stop");
        reminder.getResult(Void.class);

        assertThat(bill.reminded).containsExactly(due);
    }

    private WorkflowStub run(String billNumberId) {
        lastWorkflowId = WorkflowIds.billReminder("client-1", billNumberId);
        BillReminderWorkflow workflow = env.getWorkflowClient().newWorkflowStub(BillReminderWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.PLATFORM).setWorkflowId(lastWorkflowId).build());
        WorkflowClient.start(workflow::remind, new BillReminderCommand(billNumberId, "client-1", LEAD, RECHECK));
        return WorkflowStub.fromTyped(workflow);
    }
}
