package com.paywire.domain.timeline;

import com.google.protobuf.Timestamp;
import io.temporal.api.common.v1.ActivityType;
import io.temporal.api.common.v1.Memo;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.common.v1.RetryPolicy;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.common.v1.WorkflowType;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.failure.v1.ApplicationFailureInfo;
import io.temporal.api.failure.v1.Failure;
import io.temporal.api.history.v1.ActivityTaskCompletedEventAttributes;
import io.temporal.api.history.v1.ActivityTaskFailedEventAttributes;
import io.temporal.api.history.v1.ActivityTaskScheduledEventAttributes;
import io.temporal.api.history.v1.ActivityTaskStartedEventAttributes;
import io.temporal.api.history.v1.ChildWorkflowExecutionCompletedEventAttributes;
import io.temporal.api.history.v1.ChildWorkflowExecutionStartedEventAttributes;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.history.v1.MarkerRecordedEventAttributes;
import io.temporal.api.history.v1.StartChildWorkflowExecutionInitiatedEventAttributes;
import io.temporal.api.history.v1.TimerCanceledEventAttributes;
import io.temporal.api.history.v1.TimerFiredEventAttributes;
import io.temporal.api.history.v1.TimerStartedEventAttributes;
import io.temporal.api.history.v1.WorkflowExecutionCompletedEventAttributes;
import io.temporal.api.history.v1.WorkflowExecutionContinuedAsNewEventAttributes;
import io.temporal.api.history.v1.WorkflowExecutionSignaledEventAttributes;
import io.temporal.api.history.v1.WorkflowExecutionStartedEventAttributes;
import io.temporal.api.history.v1.WorkflowExecutionUpdateAcceptedEventAttributes;
import io.temporal.api.history.v1.WorkflowExecutionUpdateCompletedEventAttributes;
import io.temporal.api.history.v1.WorkflowTaskCompletedEventAttributes;
import io.temporal.api.history.v1.WorkflowTaskStartedEventAttributes;
import io.temporal.api.update.v1.Input;
import io.temporal.api.update.v1.Meta;
import io.temporal.api.update.v1.Outcome;
import io.temporal.api.update.v1.Request;
import io.temporal.api.workflow.v1.PendingActivityInfo;
import io.temporal.common.converter.DefaultDataConverter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A workflow run's history written event by event, as Temporal would record it, for the tests of the rules that
 * read histories: each event comes one second after the one before, from {@link #START}.
 */
final class HistoryBuilder {

    static final Instant START = Instant.parse("2026-11-20T10:00:00Z");
    static final String WORKFLOW_ID = "payout-line:acme:stan-1";
    static final String RUN_ID = "run-1";
    static final PayloadReader READER = new PayloadReader(DefaultDataConverter.STANDARD_INSTANCE);

    private final List<HistoryEvent> events = new ArrayList<>();
    private final List<PendingActivityInfo> pending = new ArrayList<>();

    WorkflowRun run() {
        return new WorkflowRun(WORKFLOW_ID, RUN_ID, List.copyOf(events), List.copyOf(pending));
    }

    static Payloads payloads(Object... values) {
        return DefaultDataConverter.STANDARD_INSTANCE.toPayloads(values).orElse(Payloads.getDefaultInstance());
    }

    static Failure railAnswered(int status) {
        return applicationFailure("MOBILE_MONEY answered HTTP " + status + " to payout ref-1", "RAIL_UNAVAILABLE");
    }

    static Failure applicationFailure(String message, String type) {
        return Failure.newBuilder().setMessage(message)
                .setApplicationFailureInfo(ApplicationFailureInfo.newBuilder().setType(type)).build();
    }

    static RetryPolicy policy(Duration initial, double coefficient, Duration maximum) {
        return RetryPolicy.newBuilder().setInitialInterval(protoDuration(initial)).setBackoffCoefficient(coefficient)
                .setMaximumInterval(protoDuration(maximum)).build();
    }

    long workflowStarted(String type, String summary) {
        WorkflowExecutionStartedEventAttributes.Builder started = WorkflowExecutionStartedEventAttributes.newBuilder()
                .setWorkflowType(WorkflowType.newBuilder().setName(type));
        if (summary != null) {
            started.setMemo(Memo.newBuilder().putFields("summary",
                    DefaultDataConverter.STANDARD_INSTANCE.toPayload(summary).orElseThrow()));
        }
        return add(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED, e -> e.setWorkflowExecutionStartedEventAttributes(started));
    }

    long activityScheduled(String type, RetryPolicy policy, Object... inputs) {
        String activityId = "activity-" + (events.size() + 1);
        return add(EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED, e -> e.setActivityTaskScheduledEventAttributes(
                ActivityTaskScheduledEventAttributes.newBuilder().setActivityId(activityId)
                        .setActivityType(ActivityType.newBuilder().setName(type)).setInput(payloads(inputs))
                        .setRetryPolicy(policy)));
    }

    long activityStarted(long scheduled, int attempt, Failure lastFailure) {
        ActivityTaskStartedEventAttributes.Builder started = ActivityTaskStartedEventAttributes.newBuilder()
                .setScheduledEventId(scheduled).setAttempt(attempt);
        if (lastFailure != null) {
            started.setLastFailure(lastFailure);
        }
        return add(EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED, e -> e.setActivityTaskStartedEventAttributes(started));
    }

    long activityCompleted(long scheduled, Object result) {
        return add(EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED, e -> e.setActivityTaskCompletedEventAttributes(
                ActivityTaskCompletedEventAttributes.newBuilder().setScheduledEventId(scheduled)
                        .setResult(payloads(result))));
    }

    long activityFailed(long scheduled, Failure failure) {
        return add(EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED, e -> e.setActivityTaskFailedEventAttributes(
                ActivityTaskFailedEventAttributes.newBuilder().setScheduledEventId(scheduled).setFailure(failure)));
    }

    /** What DescribeWorkflowExecution says of an activity still running: its attempt and last failure. */
    void pendingActivity(long scheduled, int attempt, Failure lastFailure) {
        String activityId = events.get((int) scheduled - 1).getActivityTaskScheduledEventAttributes().getActivityId();
        pending.add(PendingActivityInfo.newBuilder().setActivityId(activityId).setAttempt(attempt)
                .setLastFailure(lastFailure).build());
    }

    /** A workflow task that ran a local activity: its started and completed events, then the activity's marker. */
    long localActivity(String type, int attempt, Instant firstScheduled, Object result, Object... inputs) {
        long taskStarted = add(EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED,
                e -> e.setWorkflowTaskStartedEventAttributes(WorkflowTaskStartedEventAttributes.getDefaultInstance()));
        long taskCompleted = add(EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED,
                e -> e.setWorkflowTaskCompletedEventAttributes(WorkflowTaskCompletedEventAttributes.newBuilder()
                        .setStartedEventId(taskStarted)));
        MarkerRecordedEventAttributes.Builder marker = MarkerRecordedEventAttributes.newBuilder()
                .setMarkerName("LocalActivity").setWorkflowTaskCompletedEventId(taskCompleted)
                .putDetails("type", payloads(type)).putDetails("input", payloads(inputs))
                .putDetails("meta", payloads(Map.of("firstSkd", firstScheduled.toEpochMilli(), "atpt", attempt)));
        if (result != null) {
            marker.putDetails("result", payloads(result));
        }
        return add(EventType.EVENT_TYPE_MARKER_RECORDED, e -> e.setMarkerRecordedEventAttributes(marker));
    }

    long timerStarted(String timerId, Duration timeout) {
        return add(EventType.EVENT_TYPE_TIMER_STARTED, e -> e.setTimerStartedEventAttributes(
                TimerStartedEventAttributes.newBuilder().setTimerId(timerId).setStartToFireTimeout(protoDuration(timeout))));
    }

    long timerFired(String timerId) {
        return add(EventType.EVENT_TYPE_TIMER_FIRED, e -> e.setTimerFiredEventAttributes(
                TimerFiredEventAttributes.newBuilder().setTimerId(timerId)));
    }

    long timerCanceled(String timerId) {
        return add(EventType.EVENT_TYPE_TIMER_CANCELED, e -> e.setTimerCanceledEventAttributes(
                TimerCanceledEventAttributes.newBuilder().setTimerId(timerId)));
    }

    long signaled(String name, Object input) {
        return add(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED, e -> e.setWorkflowExecutionSignaledEventAttributes(
                WorkflowExecutionSignaledEventAttributes.newBuilder().setSignalName(name).setInput(payloads(input))));
    }

    long updateAccepted(String updateId, String name, Object argument) {
        return add(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED,
                e -> e.setWorkflowExecutionUpdateAcceptedEventAttributes(WorkflowExecutionUpdateAcceptedEventAttributes
                        .newBuilder().setAcceptedRequest(Request.newBuilder()
                                .setMeta(Meta.newBuilder().setUpdateId(updateId))
                                .setInput(Input.newBuilder().setName(name).setArgs(payloads(argument))))));
    }

    long updateCompleted(String updateId, Outcome outcome) {
        return add(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED,
                e -> e.setWorkflowExecutionUpdateCompletedEventAttributes(WorkflowExecutionUpdateCompletedEventAttributes
                        .newBuilder().setMeta(Meta.newBuilder().setUpdateId(updateId)).setOutcome(outcome)));
    }

    static Outcome success(Object result) {
        return Outcome.newBuilder().setSuccess(payloads(result)).build();
    }

    static Outcome failure(String message) {
        return Outcome.newBuilder().setFailure(applicationFailure(message, "CardOperationRefused")).build();
    }

    long childInitiated(String type, String workflowId) {
        return add(EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED,
                e -> e.setStartChildWorkflowExecutionInitiatedEventAttributes(
                        StartChildWorkflowExecutionInitiatedEventAttributes.newBuilder().setWorkflowId(workflowId)
                                .setWorkflowType(WorkflowType.newBuilder().setName(type))));
    }

    long childStarted(long initiated, String workflowId, String runId) {
        return add(EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_STARTED,
                e -> e.setChildWorkflowExecutionStartedEventAttributes(ChildWorkflowExecutionStartedEventAttributes
                        .newBuilder().setInitiatedEventId(initiated).setWorkflowExecution(
                                WorkflowExecution.newBuilder().setWorkflowId(workflowId).setRunId(runId))));
    }

    long childCompleted(long initiated, Object result) {
        return add(EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED,
                e -> e.setChildWorkflowExecutionCompletedEventAttributes(ChildWorkflowExecutionCompletedEventAttributes
                        .newBuilder().setInitiatedEventId(initiated).setResult(payloads(result))));
    }

    long continuedAsNew(String newRunId) {
        return add(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW,
                e -> e.setWorkflowExecutionContinuedAsNewEventAttributes(WorkflowExecutionContinuedAsNewEventAttributes
                        .newBuilder().setNewExecutionRunId(newRunId)));
    }

    long workflowCompleted(Object result) {
        return add(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED,
                e -> e.setWorkflowExecutionCompletedEventAttributes(WorkflowExecutionCompletedEventAttributes
                        .newBuilder().setResult(payloads(result))));
    }

    /** The time of the event of this id. */
    static Instant at(long eventId) {
        return START.plusSeconds(eventId - 1);
    }

    private long add(EventType type, Consumer<HistoryEvent.Builder> attributes) {
        long id = events.size() + 1;
        HistoryEvent.Builder event = HistoryEvent.newBuilder().setEventId(id).setEventType(type)
                .setEventTime(Timestamp.newBuilder().setSeconds(at(id).getEpochSecond()));
        attributes.accept(event);
        events.add(event.build());
        return id;
    }

    private static com.google.protobuf.Duration protoDuration(Duration duration) {
        return com.google.protobuf.Duration.newBuilder().setSeconds(duration.getSeconds()).setNanos(duration.getNano())
                .build();
    }
}
