package com.paywire.domain.timeline;

import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.workflow.v1.PendingActivityInfo;
import java.util.List;

/**
 * One run of a workflow as Temporal keeps it: its history, and, while it runs, the activities it waits for (the
 * history records an activity's attempts only once it ends).
 */
record WorkflowRun(String workflowId, String runId, List<HistoryEvent> events,
                   List<PendingActivityInfo> pendingActivities) {
}
