package com.paywire.workflows;

import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestWorkflowEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Keeps a workflow's history for {@link WorkflowReplayTest} when asked: -Dpaywire.recordHistories=path/to/histories. */
public final class RecordedHistories {

    private RecordedHistories() {
    }

    /** @param name the file's name without .json: the workflow's prefix (as the replay test knows it) and the test's */
    public static void keepIfAsked(TestWorkflowEnvironment env, String workflowId, String name) throws IOException {
        String target = System.getProperty("paywire.recordHistories");
        if (target != null && workflowId != null) {
            write(target, name, env.getWorkflowClient().fetchHistory(workflowId));
        }
    }

    /**
     * Every run of a workflow that continued as new, from the first on, as {@code name-run1}, {@code name-run2}…: a
     * run that began with the state the last one handed on replays too.
     */
    public static void keepEveryRunIfAsked(TestWorkflowEnvironment env, String workflowId, String firstRunId,
                                           String name) throws IOException {
        String target = System.getProperty("paywire.recordHistories");
        String runId = target == null ? null : firstRunId;
        for (int run = 1; runId != null; run++) {
            WorkflowExecutionHistory history = env.getWorkflowClient().fetchHistory(workflowId, runId);
            write(target, name + "-run" + run, history);
            HistoryEvent last = history.getLastEvent();
            runId = last.hasWorkflowExecutionContinuedAsNewEventAttributes()
                    ? last.getWorkflowExecutionContinuedAsNewEventAttributes().getNewExecutionRunId() : null;
        }
    }

    /** One run of a workflow (the first of a schedule that continues as new for ever), as {@code name}. */
    public static void keepRunIfAsked(TestWorkflowEnvironment env, String workflowId, String runId, String name)
            throws IOException {
        String target = System.getProperty("paywire.recordHistories");
        if (target != null && workflowId != null) {
            write(target, name, env.getWorkflowClient().fetchHistory(workflowId, runId));
        }
    }

    private static void write(String target, String name, WorkflowExecutionHistory history) throws IOException {
        Files.writeString(Path.of(target).resolve(name + ".json"), history.toJson(true));
    }
}
