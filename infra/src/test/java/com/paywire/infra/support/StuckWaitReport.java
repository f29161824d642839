package com.paywire.infra.support;

import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.workflow.v1.PendingActivityInfo;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionResponse;
import io.temporal.testing.TestWorkflowEnvironment;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.time.Instant;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * What a test that waited too long prints, so that a wait which never ends on a CI machine can be read from the
 * failure alone: the workflow's pending work (which activity, which attempt, its last failure), whether the
 * time-skipping service's clock still moves ahead of the wall clock (a time lock never released stops skipping; a
 * timer that never runs stops a workflow), and the stacks of the threads that run workflows, activities and the
 * service's timers.
 */
final class StuckWaitReport {

    private static final int FRAMES = 14;
    private static final Pattern WORKING_THREADS = Pattern.compile(
            "workflow-method.*|Workflow Executor.*|Activity Executor.*|Local Activity Executor.*|Timer task|"
                    + "SelfAdvancingTimer Pump|main");

    private StuckWaitReport() {
    }

    static String of(TestWorkflowEnvironment env, String workflowId) {
        StringBuilder report = new StringBuilder("\n--- workflow ").append(workflowId).append(" ---\n");
        try {
            DescribeWorkflowExecutionResponse described = env.getWorkflowServiceStubs().blockingStub()
                    .describeWorkflowExecution(DescribeWorkflowExecutionRequest.newBuilder()
                            .setNamespace(env.getNamespace())
                            .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId))
                            .build());
            report.append("status ").append(described.getWorkflowExecutionInfo().getStatus())
                    .append(", history length ").append(described.getWorkflowExecutionInfo().getHistoryLength())
                    .append('\n');
            if (described.hasPendingWorkflowTask()) {
                report.append("pending workflow task: ").append(described.getPendingWorkflowTask().getState())
                        .append(", attempt ").append(described.getPendingWorkflowTask().getAttempt()).append('\n');
            }
            for (PendingActivityInfo activity : described.getPendingActivitiesList()) {
                report.append("pending activity ").append(activity.getActivityType().getName()).append(": ")
                        .append(activity.getState()).append(", attempt ").append(activity.getAttempt());
                if (activity.hasLastFailure()) {
                    report.append(", last failure: ").append(activity.getLastFailure().getMessage());
                }
                report.append('\n');
            }
        } catch (RuntimeException unavailable) {
            report.append("could not be described: ").append(unavailable.getMessage()).append('\n');
        }
        return report.append(of(env)).toString();
    }

    static String of(TestWorkflowEnvironment env) {
        StringBuilder report = new StringBuilder("\n--- clocks ---\nworkflow time ")
                .append(Instant.ofEpochMilli(env.currentTimeMillis())).append(", wall clock ").append(Instant.now())
                .append("\n--- threads running workflows, activities and timers ---\n");
        ThreadInfo[] threads = ManagementFactory.getThreadMXBean().dumpAllThreads(true, true);
        long reporting = Thread.currentThread().threadId();
        long idle = 0;
        for (ThreadInfo thread : threads) {
            if (thread.getThreadId() == reporting || !WORKING_THREADS.matcher(thread.getThreadName()).matches()) {
                continue;
            }
            if (waitsForWork(thread)) {
                idle++;
                continue;
            }
            report.append('"').append(thread.getThreadName()).append("\" ").append(thread.getThreadState());
            if (thread.getLockName() != null) {
                report.append(" on ").append(thread.getLockName());
            }
            if (thread.getLockOwnerName() != null) {
                report.append(" held by \"").append(thread.getLockOwnerName()).append('"');
            }
            report.append('\n');
            StackTraceElement[] stack = thread.getStackTrace();
            for (int i = 0; i < Math.min(FRAMES, stack.length); i++) {
                report.append("    at ").append(stack[i]).append('\n');
            }
        }
        report.append("(and ").append(idle).append(" idle: pool threads waiting for a task, workflow threads ")
                .append("waiting for their next workflow task)\n");
        long[] deadlocked = ManagementFactory.getThreadMXBean().findDeadlockedThreads();
        return report.append("--- deadlocked threads: ").append(deadlocked == null ? 0 : deadlocked.length)
                .append(" ---\n").toString();
    }

    /** An executor's thread waiting for a task, or a cached workflow's thread waiting for its next workflow task. */
    private static boolean waitsForWork(ThreadInfo thread) {
        return Arrays.stream(thread.getStackTrace()).anyMatch(frame ->
                frame.getMethodName().equals("getTask") && frame.getClassName().endsWith("ThreadPoolExecutor")
                        || frame.getMethodName().equals("yieldLocked")
                        && frame.getClassName().endsWith("WorkflowThreadScheduler"));
    }
}
