package com.paywire.workflows.bills;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** The saved bill number behind a reminder. Each step is idempotent. */
@ActivityInterface
public interface BillReminderActivities {

    /** @param dueDateMillis the due date as the store knows it (epoch milliseconds), or null */
    record ReminderState(boolean active, Long dueDateMillis) {
    }

    /** Whether the reminder is still wanted, and the due date the store holds. */
    @ActivityMethod(name = "ReadBillReminder")
    ReminderState current(String billNumberId);

    /** Publishes the reminder of that due date (once: the event's id is derived from it). */
    @ActivityMethod(name = "SendBillReminder")
    void remind(String billNumberId, long dueDateMillis);

    /** Asks the biller for the account's bill and stores its due date and balance; answers the new state. */
    @ActivityMethod(name = "RefreshBillFromBiller")
    ReminderState refresh(String billNumberId);
}
