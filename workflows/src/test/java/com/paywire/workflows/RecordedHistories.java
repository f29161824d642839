package com.paywire.workflows;

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
            Files.writeString(Path.of(target).resolve(name + ".json"),
                    env.getWorkflowClient().fetchHistory(workflowId).toJson(true));
        }
    }
}
