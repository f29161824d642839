package com.paywire.bench;

import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * What one payment (or one floor workflow) costs the Temporal service, counted from its histories: workflow
 * tasks, history events and billable actions. Deterministic for a given code path, whatever the machine.
 *
 * @param workflowTasks   workflow tasks started (completed, failed or timed out: each was work for a worker)
 * @param localActivities local activity runs, one marker each in the history
 */
public record TemporalCost(int workflows, int workflowTasks, int events, int workflowStarts, int childStarts,
                           int activities, int localActivities, int signals, int timers) {

    static final TemporalCost NONE = new TemporalCost(0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** The local-activity marker's name in the Java SDK's histories. */
    private static final String LOCAL_ACTIVITY_MARKER = "LocalActivity";

    /** The cost of one workflow run, from its history. */
    static TemporalCost of(List<HistoryEvent> history) {
        int tasks = 0, starts = 0, children = 0, activities = 0, locals = 0, signals = 0, timers = 0;
        for (HistoryEvent event : history) {
            EventType type = event.getEventType();
            switch (type) {
                case EVENT_TYPE_WORKFLOW_TASK_STARTED -> tasks++;
                case EVENT_TYPE_WORKFLOW_EXECUTION_STARTED -> starts++;
                case EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED -> children++;
                case EVENT_TYPE_ACTIVITY_TASK_SCHEDULED -> activities++;
                case EVENT_TYPE_MARKER_RECORDED -> {
                    if (LOCAL_ACTIVITY_MARKER.equals(event.getMarkerRecordedEventAttributes().getMarkerName())) {
                        locals++;
                    }
                }
                // counted where received, so a signal between two workflows counts once
                case EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED -> signals++;
                case EVENT_TYPE_TIMER_STARTED -> timers++;
                default -> {
                }
            }
        }
        return new TemporalCost(1, tasks, history.size(), starts, children, activities, locals, signals, timers);
    }

    /**
     * Billable actions as counted here: starts (a child's start once, by the child's own started event), activities,
     * local activities (one each; a service that bills the local activities of one workflow task as one action
     * charges less), signals and timers.
     */
    public int billableActions() {
        return workflowStarts + activities + localActivities + signals + timers;
    }

    TemporalCost plus(TemporalCost other) {
        return new TemporalCost(workflows + other.workflows, workflowTasks + other.workflowTasks,
                events + other.events, workflowStarts + other.workflowStarts, childStarts + other.childStarts,
                activities + other.activities, localActivities + other.localActivities, signals + other.signals,
                timers + other.timers);
    }

    /** min/median/max of each figure over the payments. */
    static Map<String, Object> summary(Collection<TemporalCost> costs) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("count", costs.size());
        summary.put("workflows", spread(costs, TemporalCost::workflows));
        summary.put("workflowTasks", spread(costs, TemporalCost::workflowTasks));
        summary.put("historyEvents", spread(costs, TemporalCost::events));
        summary.put("billableActions", spread(costs, TemporalCost::billableActions));
        summary.put("workflowStarts", spread(costs, TemporalCost::workflowStarts));
        summary.put("childStarts", spread(costs, TemporalCost::childStarts));
        summary.put("activities", spread(costs, TemporalCost::activities));
        summary.put("localActivities", spread(costs, TemporalCost::localActivities));
        summary.put("signals", spread(costs, TemporalCost::signals));
        summary.put("timers", spread(costs, TemporalCost::timers));
        return summary;
    }

    static Map<String, Integer> spread(Collection<TemporalCost> costs, ToIntFunction<TemporalCost> figure) {
        int[] sorted = costs.stream().mapToInt(figure).sorted().toArray();
        if (sorted.length == 0) {
            return Map.of();
        }
        Map<String, Integer> spread = new LinkedHashMap<>();
        spread.put("min", sorted[0]);
        spread.put("median", sorted[(sorted.length - 1) / 2]);
        spread.put("max", sorted[sorted.length - 1]);
        return spread;
    }
}
