package com.paywire.domain.timeline;

import com.paywire.domain.timeline.TimelineStep.Operator;
import com.paywire.domain.timeline.TimelineStep.Outcome;
import com.paywire.domain.timeline.TimelineStep.Source;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.failure.v1.Failure;
import io.temporal.api.history.v1.ActivityTaskScheduledEventAttributes;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.history.v1.MarkerRecordedEventAttributes;
import io.temporal.api.history.v1.WorkflowExecutionStartedEventAttributes;
import io.temporal.api.workflow.v1.PendingActivityInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The steps of one workflow run, in words, from its history: the workflow's start (with its summary) and end,
 * each activity from its scheduling to its end (the attempt it ended on, and what failed before), local
 * activities, timers, signals, Updates, child workflows and signals sent to other workflows. An activity still
 * running is read from the run's pending activities, which know its attempt and last failure.
 */
final class HistorySteps {

    private static final String LOCAL_ACTIVITY_MARKER = "LocalActivity";
    private static final String MEMO_SUMMARY = "summary";

    private final PayloadReader payloads;

    HistorySteps(PayloadReader payloads) {
        this.payloads = payloads;
    }

    List<TimelineStep> of(WorkflowRun run) {
        Map<Long, HistoryEvent> started = new HashMap<>();
        Map<Long, HistoryEvent> closing = new HashMap<>();
        Map<Long, HistoryEvent> byId = new HashMap<>();
        // a timer's end and an Update's completion name the timer and the Update (the event ids they also give
        // are not given by every Temporal: the Java dev service leaves some at 0)
        Map<String, HistoryEvent> timersEnded = new HashMap<>();
        Map<String, HistoryEvent> updatesCompleted = new HashMap<>();
        for (HistoryEvent event : run.events()) {
            byId.put(event.getEventId(), event);
            switch (event.getEventType()) {
                case EVENT_TYPE_TIMER_FIRED -> timersEnded.put(event.getTimerFiredEventAttributes().getTimerId(), event);
                case EVENT_TYPE_TIMER_CANCELED ->
                        timersEnded.put(event.getTimerCanceledEventAttributes().getTimerId(), event);
                case EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED -> updatesCompleted.put(
                        event.getWorkflowExecutionUpdateCompletedEventAttributes().getMeta().getUpdateId(), event);
                default -> { }
            }
            openingOf(event).ifPresent(opening -> {
                if (event.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED
                        || event.getEventType() == EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_STARTED) {
                    started.put(opening, event);
                } else {
                    closing.put(opening, event);
                }
            });
        }
        HistoryEvent last = run.events().isEmpty() ? null : run.events().getLast();
        HistoryEvent end = last != null && isEnd(last.getEventType()) ? last : null;
        List<TimelineStep> steps = new ArrayList<>();
        for (HistoryEvent event : run.events()) {
            HistoryEvent closedBy = closing.get(event.getEventId());
            TimelineStep step = switch (event.getEventType()) {
                case EVENT_TYPE_WORKFLOW_EXECUTION_STARTED -> workflowStarted(run, event, end);
                case EVENT_TYPE_ACTIVITY_TASK_SCHEDULED ->
                        activity(run, event, started.get(event.getEventId()), closedBy, end != null);
                case EVENT_TYPE_MARKER_RECORDED -> localActivity(run, event, byId);
                case EVENT_TYPE_TIMER_STARTED -> timer(run, event,
                        timersEnded.get(event.getTimerStartedEventAttributes().getTimerId()), end != null);
                case EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED -> signal(run, event);
                case EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED -> update(run, event, updatesCompleted.get(
                        event.getWorkflowExecutionUpdateAcceptedEventAttributes().getAcceptedRequest().getMeta()
                                .getUpdateId()));
                case EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED ->
                        child(run, event, started.get(event.getEventId()), closedBy);
                case EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED -> signalSent(run, event, closedBy);
                case EVENT_TYPE_WORKFLOW_TASK_FAILED -> workflowTaskFailed(run, event);
                default -> isEnd(event.getEventType()) ? workflowEnded(run, event) : null;
            };
            if (step != null) {
                steps.add(step);
            }
        }
        return steps;
    }

    /** The event that opened what this event continues or closes (an activity's scheduling, a timer's start...). */
    private static Optional<Long> openingOf(HistoryEvent event) {
        return Optional.ofNullable(switch (event.getEventType()) {
            case EVENT_TYPE_ACTIVITY_TASK_STARTED -> event.getActivityTaskStartedEventAttributes().getScheduledEventId();
            case EVENT_TYPE_ACTIVITY_TASK_COMPLETED -> event.getActivityTaskCompletedEventAttributes().getScheduledEventId();
            case EVENT_TYPE_ACTIVITY_TASK_FAILED -> event.getActivityTaskFailedEventAttributes().getScheduledEventId();
            case EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT -> event.getActivityTaskTimedOutEventAttributes().getScheduledEventId();
            case EVENT_TYPE_ACTIVITY_TASK_CANCELED -> event.getActivityTaskCanceledEventAttributes().getScheduledEventId();
            case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_STARTED ->
                    event.getChildWorkflowExecutionStartedEventAttributes().getInitiatedEventId();
            case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED ->
                    event.getChildWorkflowExecutionCompletedEventAttributes().getInitiatedEventId();
            case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_FAILED ->
                    event.getChildWorkflowExecutionFailedEventAttributes().getInitiatedEventId();
            case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_CANCELED ->
                    event.getChildWorkflowExecutionCanceledEventAttributes().getInitiatedEventId();
            case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_TIMED_OUT ->
                    event.getChildWorkflowExecutionTimedOutEventAttributes().getInitiatedEventId();
            case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_TERMINATED ->
                    event.getChildWorkflowExecutionTerminatedEventAttributes().getInitiatedEventId();
            case EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_FAILED ->
                    event.getStartChildWorkflowExecutionFailedEventAttributes().getInitiatedEventId();
            case EVENT_TYPE_EXTERNAL_WORKFLOW_EXECUTION_SIGNALED ->
                    event.getExternalWorkflowExecutionSignaledEventAttributes().getInitiatedEventId();
            case EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_FAILED ->
                    event.getSignalExternalWorkflowExecutionFailedEventAttributes().getInitiatedEventId();
            default -> null;
        });
    }

    /** Whether an event of this type ends a run (its last event). */
    static boolean isEnd(EventType type) {
        return switch (type) {
            case EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, EVENT_TYPE_WORKFLOW_EXECUTION_FAILED,
                 EVENT_TYPE_WORKFLOW_EXECUTION_TIMED_OUT, EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED,
                 EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED, EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW -> true;
            default -> false;
        };
    }

    private TimelineStep workflowStarted(WorkflowRun run, HistoryEvent event, HistoryEvent end) {
        WorkflowExecutionStartedEventAttributes attributes = event.getWorkflowExecutionStartedEventAttributes();
        String type = attributes.getWorkflowType().getName();
        String summary = attributes.getMemo().getFieldsMap().containsKey(MEMO_SUMMARY)
                && payloads.read(attributes.getMemo().getFieldsMap().get(MEMO_SUMMARY)) instanceof String text
                ? text : null; // written by Paywire for whoever reads Temporal, personal data masked already
        String words = (attributes.getContinuedExecutionRunId().isEmpty() ? "started " : "started a new run of ")
                + StepWords.workflow(type) + (summary == null ? "" : ": " + summary);
        return step(event, end, null, Outcome.STARTED, words, null, run, ids(event), "WORKFLOW", type);
    }

    private TimelineStep activity(WorkflowRun run, HistoryEvent scheduled, HistoryEvent started, HistoryEvent closed,
                                  boolean runEnded) {
        ActivityTaskScheduledEventAttributes attributes = scheduled.getActivityTaskScheduledEventAttributes();
        String type = attributes.getActivityType().getName();
        List<Long> ids = ids(scheduled, started, closed);
        if (closed == null && runEnded) {
            return step(scheduled, null, null, Outcome.CANCELED, StepWords.activity(type),
                    "the workflow ended before it did", run, ids, "ACTIVITY", type);
        }
        if (closed == null) {
            return pendingActivity(run, scheduled, attributes, ids);
        }
        int attempt = started == null ? 1 : Math.max(1, started.getActivityTaskStartedEventAttributes().getAttempt());
        Failure lastFailure = started != null && started.getActivityTaskStartedEventAttributes().hasLastFailure()
                ? started.getActivityTaskStartedEventAttributes().getLastFailure() : null;
        List<Object> inputs = payloads.readAll(attributes.getInput());
        return switch (closed.getEventType()) {
            case EVENT_TYPE_ACTIVITY_TASK_COMPLETED -> step(scheduled, closed, attempt, Outcome.COMPLETED,
                    StepWords.activity(type, first(closed.getActivityTaskCompletedEventAttributes().getResult()), inputs),
                    attempt > 1 ? FailureWords.earlierAttempts(attempt, lastFailure) : null, run, ids, "ACTIVITY", type);
            case EVENT_TYPE_ACTIVITY_TASK_FAILED -> step(scheduled, closed, attempt, Outcome.FAILED,
                    StepWords.activity(type, null, inputs), FailureWords.lastOf(
                            closed.getActivityTaskFailedEventAttributes().getFailure(), attempt), run, ids, "ACTIVITY", type);
            case EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT -> step(scheduled, closed, attempt, Outcome.TIMED_OUT,
                    StepWords.activity(type, null, inputs), FailureWords.lastOf(
                            closed.getActivityTaskTimedOutEventAttributes().getFailure(), attempt), run, ids, "ACTIVITY", type);
            default -> step(scheduled, closed, attempt, Outcome.CANCELED, StepWords.activity(type, null, inputs),
                    "cancelled", run, ids, "ACTIVITY", type);
        };
    }

    /** An activity not ended: its attempt and last failure, and when Temporal tries again. */
    private TimelineStep pendingActivity(WorkflowRun run, HistoryEvent scheduled,
                                         ActivityTaskScheduledEventAttributes attributes, List<Long> ids) {
        String type = attributes.getActivityType().getName();
        PendingActivityInfo pending = run.pendingActivities().stream()
                .filter(p -> p.getActivityId().equals(attributes.getActivityId())).findFirst().orElse(null);
        if (pending == null || !pending.hasLastFailure()) {
            return step(scheduled, null, pending == null ? null : Math.max(1, pending.getAttempt()), Outcome.RUNNING,
                    StepWords.activity(type), null, run, ids, "ACTIVITY", type);
        }
        int attempt = Math.max(1, pending.getAttempt());
        String failure = FailureWords.of(pending.getLastFailure());
        if (attempt > 1) {
            // the wait Temporal put between the failed attempt and this one (the dev service does not say whether
            // this one has begun)
            Duration wait = pending.hasCurrentRetryInterval() ? duration(pending.getCurrentRetryInterval())
                    : FailureWords.retryDelay(attributes.getRetryPolicy(), attempt - 1);
            failure = failure + ", retrying in " + PlainWords.duration(wait);
        }
        return step(scheduled, null, attempt, Outcome.RETRYING, StepWords.activity(type), failure, run, ids,
                "ACTIVITY", type);
    }

    /**
     * A local activity leaves one marker, recorded when its workflow task completes: its type, inputs, result or
     * failure, attempt, and when the worker first scheduled it. That time is the worker's clock; when it is not
     * within the workflow task (a clock Temporal skips, in tests), the task's start stands for it. Its duration
     * runs until the task recorded it.
     */
    private TimelineStep localActivity(WorkflowRun run, HistoryEvent event, Map<Long, HistoryEvent> byId) {
        MarkerRecordedEventAttributes marker = event.getMarkerRecordedEventAttributes();
        if (!LOCAL_ACTIVITY_MARKER.equals(marker.getMarkerName())) {
            return null; // versions and side effects: the workflow's own bookkeeping
        }
        Map<String, Payloads> details = marker.getDetailsMap();
        String type = detail(details, "type") instanceof String name ? name : "a local activity";
        Map<?, ?> meta = detail(details, "meta") instanceof Map<?, ?> m ? m : Map.of();
        Instant recordedAt = instant(event.getEventTime());
        Instant taskStartedAt = taskStart(marker.getWorkflowTaskCompletedEventId(), byId).orElse(recordedAt);
        Instant scheduledAt = meta.get("firstSkd") instanceof Number millis ? Instant.ofEpochMilli(millis.longValue())
                : null;
        boolean sameClock = scheduledAt != null && !scheduledAt.isBefore(taskStartedAt.minusSeconds(1))
                && !scheduledAt.isAfter(recordedAt);
        Instant time = sameClock ? scheduledAt : taskStartedAt;
        Integer attempt = meta.get("atpt") instanceof Number number ? Math.max(1, number.intValue()) : null;
        List<Object> inputs = details.containsKey("input") ? payloads.readAll(details.get("input")) : List.of();
        boolean failed = marker.hasFailure();
        String words = StepWords.activity(type, failed ? null : detail(details, "result"), inputs);
        String failure = failed ? FailureWords.of(marker.getFailure())
                : attempt != null && attempt > 1 ? FailureWords.earlierAttempts(attempt, null) : null;
        return new TimelineStep(time, between(time, recordedAt), attempt,
                failed ? Outcome.FAILED : Outcome.COMPLETED, words, failure, Source.WORKFLOW,
                Operator.ofHistory(run, ids(event), "LOCAL_ACTIVITY", type));
    }

    /** When the workflow task that completed with this event started. */
    private static Optional<Instant> taskStart(long taskCompletedEventId, Map<Long, HistoryEvent> byId) {
        HistoryEvent completed = byId.get(taskCompletedEventId);
        if (completed == null || !completed.hasWorkflowTaskCompletedEventAttributes()) {
            return Optional.empty();
        }
        HistoryEvent started = byId.get(completed.getWorkflowTaskCompletedEventAttributes().getStartedEventId());
        return Optional.ofNullable(started).map(e -> instant(e.getEventTime()));
    }

    /**
     * A timer: fired, cancelled, or not ended. A wait for something with a time limit ({@code Workflow.await})
     * leaves its timer running when the thing comes first, and no event says so: a timer not ended only says
     * until when the workflow waits at most.
     */
    private TimelineStep timer(WorkflowRun run, HistoryEvent started, HistoryEvent closed, boolean runEnded) {
        var attributes = started.getTimerStartedEventAttributes();
        Duration timeout = duration(attributes.getStartToFireTimeout());
        String id = attributes.getTimerId();
        if (closed == null && runEnded) {
            return step(started, null, null, Outcome.CUT_SHORT, "waited at most " + PlainWords.duration(timeout)
                    + ": the workflow went on before", null, run, ids(started), "TIMER", id);
        }
        if (closed == null) {
            Instant until = instant(started.getEventTime()).plus(timeout);
            return step(started, null, null, Outcome.WAITING, "waits at most " + PlainWords.duration(timeout)
                    + ", until " + until, null, run, ids(started), "TIMER", id);
        }
        if (closed.getEventType() == EventType.EVENT_TYPE_TIMER_FIRED) {
            return step(started, closed, null, Outcome.FIRED, "waited " + PlainWords.duration(timeout), null, run,
                    ids(started, closed), "TIMER", id);
        }
        Duration waited = between(instant(started.getEventTime()), instant(closed.getEventTime()));
        return step(started, closed, null, Outcome.CUT_SHORT, "waited " + PlainWords.duration(waited) + " of at most "
                + PlainWords.duration(timeout) + ": what it waited for came", null, run, ids(started, closed), "TIMER", id);
    }

    private TimelineStep signal(WorkflowRun run, HistoryEvent event) {
        var attributes = event.getWorkflowExecutionSignaledEventAttributes();
        String name = attributes.getSignalName();
        return step(event, null, null, Outcome.RECEIVED,
                StepWords.signal(name, payloads.readAll(attributes.getInput())), null, run, ids(event), "SIGNAL", name);
    }

    private TimelineStep update(WorkflowRun run, HistoryEvent accepted, HistoryEvent completed) {
        String name = accepted.getWorkflowExecutionUpdateAcceptedEventAttributes().getAcceptedRequest().getInput()
                .getName();
        if (completed == null) {
            return step(accepted, null, null, Outcome.ACCEPTED, StepWords.update(name, null), null, run,
                    ids(accepted), "UPDATE", name);
        }
        var outcome = completed.getWorkflowExecutionUpdateCompletedEventAttributes().getOutcome();
        if (outcome.hasFailure()) {
            return step(accepted, completed, null, Outcome.FAILED, StepWords.update(name, null),
                    PlainWords.masked(outcome.getFailure().getMessage()), run, ids(accepted, completed), "UPDATE", name);
        }
        return step(accepted, completed, null, Outcome.COMPLETED, StepWords.update(name, first(outcome.getSuccess())),
                null, run, ids(accepted, completed), "UPDATE", name);
    }

    private TimelineStep child(WorkflowRun run, HistoryEvent initiated, HistoryEvent started, HistoryEvent closed) {
        var attributes = initiated.getStartChildWorkflowExecutionInitiatedEventAttributes();
        String type = attributes.getWorkflowType().getName();
        String words = "started " + StepWords.workflow(type) + " as a child (" + attributes.getWorkflowId() + ")";
        List<Long> ids = ids(initiated, started, closed);
        if (closed == null) {
            return step(initiated, null, null, Outcome.RUNNING, words, null, run, ids, "CHILD_WORKFLOW", type);
        }
        return switch (closed.getEventType()) {
            case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED -> step(initiated, closed, null, Outcome.COMPLETED,
                    withOutcome(words, OutcomeWords.of(first(
                            closed.getChildWorkflowExecutionCompletedEventAttributes().getResult()))),
                    null, run, ids, "CHILD_WORKFLOW", type);
            case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_FAILED -> step(initiated, closed, null, Outcome.FAILED, words,
                    FailureWords.of(closed.getChildWorkflowExecutionFailedEventAttributes().getFailure()), run, ids,
                    "CHILD_WORKFLOW", type);
            case EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_FAILED -> step(initiated, closed, null, Outcome.FAILED,
                    words, "it could not be started: " + PlainWords.enumWords(closed
                            .getStartChildWorkflowExecutionFailedEventAttributes().getCause().name()
                            .replace("START_CHILD_WORKFLOW_EXECUTION_FAILED_CAUSE_", "")), run, ids,
                    "CHILD_WORKFLOW", type);
            case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_TIMED_OUT -> step(initiated, closed, null, Outcome.TIMED_OUT,
                    words, "it ran past its time limit", run, ids, "CHILD_WORKFLOW", type);
            case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_TERMINATED -> step(initiated, closed, null, Outcome.TERMINATED,
                    words, "terminated", run, ids, "CHILD_WORKFLOW", type);
            default -> step(initiated, closed, null, Outcome.CANCELED, words, "cancelled", run, ids, "CHILD_WORKFLOW",
                    type);
        };
    }

    private TimelineStep signalSent(WorkflowRun run, HistoryEvent initiated, HistoryEvent closed) {
        var attributes = initiated.getSignalExternalWorkflowExecutionInitiatedEventAttributes();
        String name = attributes.getSignalName();
        String words = "signalled " + name + " to " + attributes.getWorkflowExecution().getWorkflowId();
        if (closed == null) {
            return step(initiated, null, null, Outcome.RUNNING, words, null, run, ids(initiated), "SIGNAL", name);
        }
        boolean failed = closed.getEventType() == EventType.EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_FAILED;
        return step(initiated, closed, null, failed ? Outcome.FAILED : Outcome.COMPLETED, words,
                failed ? "that workflow is not running" : null, run, ids(initiated, closed), "SIGNAL", name);
    }

    private TimelineStep workflowTaskFailed(WorkflowRun run, HistoryEvent event) {
        var attributes = event.getWorkflowTaskFailedEventAttributes();
        return step(event, null, null, Outcome.FAILED, "a workflow task failed ("
                        + PlainWords.enumWords(attributes.getCause().name().replace("WORKFLOW_TASK_FAILED_CAUSE_", ""))
                        + "); Temporal tries it again", FailureWords.of(attributes.getFailure()), run, ids(event),
                "WORKFLOW", "workflow task");
    }

    private TimelineStep workflowEnded(WorkflowRun run, HistoryEvent event) {
        return switch (event.getEventType()) {
            case EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED -> step(event, null, null, Outcome.COMPLETED,
                    withOutcome("the workflow finished",
                            OutcomeWords.of(first(event.getWorkflowExecutionCompletedEventAttributes().getResult()))),
                    null, run, ids(event), "WORKFLOW", null);
            case EVENT_TYPE_WORKFLOW_EXECUTION_FAILED -> step(event, null, null, Outcome.FAILED, "the workflow failed",
                    FailureWords.of(event.getWorkflowExecutionFailedEventAttributes().getFailure()), run, ids(event),
                    "WORKFLOW", null);
            case EVENT_TYPE_WORKFLOW_EXECUTION_TIMED_OUT -> step(event, null, null, Outcome.TIMED_OUT,
                    "the workflow ran past its time limit", null, run, ids(event), "WORKFLOW", null);
            case EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED -> step(event, null, null, Outcome.TERMINATED,
                    "the workflow was terminated", PlainWords.masked(
                            event.getWorkflowExecutionTerminatedEventAttributes().getReason()), run, ids(event),
                    "WORKFLOW", null);
            case EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW -> step(event, null, null, Outcome.CONTINUED,
                    "continued as a new run, to keep its history short (run "
                            + event.getWorkflowExecutionContinuedAsNewEventAttributes().getNewExecutionRunId() + ")",
                    null, run, ids(event), "WORKFLOW", null);
            default -> step(event, null, null, Outcome.CANCELED, "the workflow was cancelled", null, run, ids(event),
                    "WORKFLOW", null);
        };
    }

    private static TimelineStep step(HistoryEvent first, HistoryEvent last, Integer attempt, Outcome outcome,
                                     String words, String failure, WorkflowRun run, List<Long> ids, String kind,
                                     String name) {
        Instant time = instant(first.getEventTime());
        Duration duration = last == null ? null : between(time, instant(last.getEventTime()));
        return new TimelineStep(time, duration, attempt, outcome, words, failure, Source.WORKFLOW,
                Operator.ofHistory(run, ids, kind, name));
    }

    private Object detail(Map<String, Payloads> details, String key) {
        return details.containsKey(key) ? payloads.first(details.get(key)) : null;
    }

    private Object first(Payloads result) {
        return payloads.first(result);
    }

    private static String withOutcome(String words, String outcome) {
        return outcome.isEmpty() ? words : words + ": " + outcome;
    }

    private static List<Long> ids(HistoryEvent... events) {
        return Stream.of(events).filter(e -> e != null).map(HistoryEvent::getEventId).toList();
    }

    static Instant instant(com.google.protobuf.Timestamp time) {
        return Instant.ofEpochSecond(time.getSeconds(), time.getNanos());
    }

    private static Duration duration(com.google.protobuf.Duration duration) {
        return Duration.ofSeconds(duration.getSeconds(), duration.getNanos());
    }

    private static Duration between(Instant from, Instant to) {
        return to.isBefore(from) ? Duration.ZERO : Duration.between(from, to);
    }
}
