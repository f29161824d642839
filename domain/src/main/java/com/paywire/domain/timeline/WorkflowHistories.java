package com.paywire.domain.timeline;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.workflow.v1.PendingActivityInfo;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionResponse;
import io.temporal.client.WorkflowClient;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a payment's workflows from Temporal by their ids, as any Temporal answers (its dev service, a cluster):
 * never by a visibility query. A workflow is read from its first run to its last (continue-as-new), each run's
 * children after it (their ids are in its history), and a run still going is described for the activities it
 * waits for.
 */
final class WorkflowHistories {

    /** A workflow's runs and children are followed this far at most: a payment has a handful. */
    private static final int MAX_RUNS = 100;

    /** The runs read, parents before children; and what could not be read, in words. */
    record Read(List<WorkflowRun> runs, List<String> notes) {
    }

    private final WorkflowClient temporal;

    WorkflowHistories(WorkflowClient temporal) {
        this.temporal = temporal;
    }

    /** The workflows of these ids, with every run and child; an id Temporal does not know is noted, not an error. */
    Read read(List<String> workflowIds) {
        List<WorkflowRun> runs = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String workflowId : workflowIds) {
            if (seen.contains(workflowId)) {
                continue; // a child of a workflow read before
            }
            try {
                DescribeWorkflowExecutionResponse latest = describe(workflowId, "");
                String latestRun = latest.getWorkflowExecutionInfo().getExecution().getRunId();
                List<HistoryEvent> events = temporal.fetchHistory(workflowId, latestRun).getEvents();
                String firstRun = events.isEmpty() ? "" : events.getFirst()
                        .getWorkflowExecutionStartedEventAttributes().getFirstExecutionRunId();
                readRuns(workflowId, firstRun.isEmpty() ? latestRun : firstRun, runs, seen, notes);
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() == Status.Code.NOT_FOUND) {
                    missing.add(workflowId);
                } else {
                    notes.add(unreadable(workflowId, e));
                }
            }
        }
        if (runs.isEmpty() && !missing.isEmpty()) {
            notes.add("Temporal has no workflow " + String.join(" or ", missing)
                    + ": it has not started yet, or its history is past Temporal's retention.");
        }
        return new Read(runs, notes);
    }

    /**
     * A run, then its children, then the run it continued as, until the last. A child that cannot be read (past
     * retention, or Temporal away meanwhile) is noted and the rest is still answered.
     */
    private void readRuns(String workflowId, String runId, List<WorkflowRun> runs, Set<String> seen,
                          List<String> notes) {
        String next = runId;
        while (next != null && runs.size() < MAX_RUNS) {
            seen.add(workflowId);
            List<HistoryEvent> events = temporal.fetchHistory(workflowId, next).getEvents();
            HistoryEvent last = events.isEmpty() ? null : events.getLast();
            List<PendingActivityInfo> pending = last == null || HistorySteps.isEnd(last.getEventType()) ? List.of()
                    : describe(workflowId, next).getPendingActivitiesList();
            runs.add(new WorkflowRun(workflowId, next, events, pending));
            for (HistoryEvent event : events) {
                if (event.getEventType() == EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_STARTED) {
                    WorkflowExecution child = event.getChildWorkflowExecutionStartedEventAttributes().getWorkflowExecution();
                    if (!seen.contains(child.getWorkflowId())) {
                        try {
                            readRuns(child.getWorkflowId(), child.getRunId(), runs, seen, notes);
                        } catch (StatusRuntimeException e) {
                            notes.add(unreadable(child.getWorkflowId(), e));
                        }
                    }
                }
            }
            next = last != null && last.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW
                    ? last.getWorkflowExecutionContinuedAsNewEventAttributes().getNewExecutionRunId() : null;
        }
    }

    private static String unreadable(String workflowId, StatusRuntimeException e) {
        return e.getStatus().getCode() == Status.Code.NOT_FOUND
                ? "Temporal no longer has workflow " + workflowId + " (past its retention): its steps are missing."
                : "Temporal could not be reached (" + e.getStatus().getCode() + "): the steps of workflow "
                        + workflowId + " are missing.";
    }

    private DescribeWorkflowExecutionResponse describe(String workflowId, String runId) {
        return temporal.getWorkflowServiceStubs().blockingStub().describeWorkflowExecution(
                DescribeWorkflowExecutionRequest.newBuilder().setNamespace(temporal.getOptions().getNamespace())
                        .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId).setRunId(runId)).build());
    }
}
