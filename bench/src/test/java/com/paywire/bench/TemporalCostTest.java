package com.paywire.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.history.v1.MarkerRecordedEventAttributes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TemporalCostTest {

    private static HistoryEvent event(EventType type) {
        return HistoryEvent.newBuilder().setEventType(type).build();
    }

    private static HistoryEvent marker(String name) {
        return HistoryEvent.newBuilder().setEventType(EventType.EVENT_TYPE_MARKER_RECORDED)
                .setMarkerRecordedEventAttributes(MarkerRecordedEventAttributes.newBuilder().setMarkerName(name)).build();
    }

    /** A line's history in short: two workflow tasks, two local activities, a version marker, one of each other kind. */
    private static final List<HistoryEvent> LINE = List.of(
            event(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED),
            event(EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED),
            event(EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED),
            event(EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED),
            marker("Version"),
            marker("LocalActivity"),
            marker("LocalActivity"),
            event(EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED),
            event(EventType.EVENT_TYPE_TIMER_STARTED),
            event(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED),
            event(EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED),
            event(EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED),
            event(EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED),
            event(EventType.EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED),
            event(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED));

    @Test
    void givenAHistory_itShouldCountTasksEventsAndEachKindOfAction_aVersionMarkerAndASentSignalNotBeingActions() {
        TemporalCost cost = TemporalCost.of(LINE);

        assertThat(cost.workflowTasks()).isEqualTo(2);
        assertThat(cost.events()).isEqualTo(LINE.size());
        assertThat(cost.localActivities()).isEqualTo(2);
        assertThat(cost.signals()).as("counted where received").isEqualTo(1);
        // start, activity, two local activities, signal, timer
        assertThat(cost.billableActions()).isEqualTo(6);
    }

    @Test
    void givenAnOrderOfTwoWorkflows_theirCostsShouldAdd_andTheSummaryGiveMinMedianMax() {
        TemporalCost line = TemporalCost.of(LINE);
        TemporalCost parent = TemporalCost.of(List.of(event(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED),
                event(EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED),
                event(EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED)));
        TemporalCost order = parent.plus(line);

        assertThat(order.workflows()).isEqualTo(2);
        assertThat(order.workflowTasks()).isEqualTo(3);
        assertThat(order.childStarts()).isEqualTo(1);
        assertThat(order.billableActions()).as("the child's start counted once, by the child").isEqualTo(7);
        assertThat(TemporalCost.spread(List.of(line, order, line), TemporalCost::workflowTasks))
                .isEqualTo(Map.of("min", 2, "median", 2, "max", 3));
    }
}
