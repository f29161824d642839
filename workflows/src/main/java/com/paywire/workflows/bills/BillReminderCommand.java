package com.paywire.workflows.bills;

import java.time.Duration;

/**
 * @param billNumberId the saved bill number
 * @param lead         how long before the due date the reminder is sent
 * @param recheck      how long to wait before asking the biller again when it gave no due date
 */
public record BillReminderCommand(String billNumberId, String clientId, Duration lead, Duration recheck) {
}
