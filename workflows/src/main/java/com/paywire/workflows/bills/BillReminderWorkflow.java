package com.paywire.workflows.bills;

import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * The due-date reminder of one saved bill number: before each due date the client gets a
 * {@link com.paywire.vocabulary.notifications.EventType#BILL_DUE_DATE_REMINDER} event
 * (through the delivery engine), then the reminder asks the biller for the next due date and waits for that one.
 * It ends when the reminder is turned off or the number deleted ({@link #stop}, or found so when it wakes).
 */
@WorkflowInterface
public interface BillReminderWorkflow {

    @WorkflowMethod
    void remind(BillReminderCommand command);

    /** The reminder was turned off or the number deleted. */
    @SignalMethod
    void stop();
}
