package com.paywire.workflows.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.workflows.Policies;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** The delivery workflow alone, against in-memory activities, with time skipping. */
class DeliveryWorkflowTest {

    /** Answers each attempt from a script and remembers when (workflow time) it was made. */
    static final class ScriptedActivities implements NotificationActivities {
        final Map<String, List<AttemptResult.Outcome>> scripts = new ConcurrentHashMap<>();
        final List<String> attempts = new CopyOnWriteArrayList<>();
        final List<Long> attemptTimes = new CopyOnWriteArrayList<>();
        final Map<String, DeliveryOutcome> finished = new ConcurrentHashMap<>();
        final Map<String, String> successors = new ConcurrentHashMap<>();

        @Override
        public void publish(EventCommand event) {
            throw new UnsupportedOperationException();
        }

        @Override
        public AttemptResult attempt(String deliveryId, int attemptNumber, long attemptAtMillis) {
            attempts.add(deliveryId + "#" + attemptNumber);
            attemptTimes.add(attemptAtMillis);
            List<AttemptResult.Outcome> script = scripts.get(deliveryId);
            AttemptResult.Outcome outcome = script.get(Math.min(attemptNumber, script.size()) - 1);
            return new AttemptResult(outcome, outcome == AttemptResult.Outcome.FAILED ? 500 : 200, null);
        }

        @Override
        public void finish(String deliveryId, DeliveryOutcome outcome) {
            finished.put(deliveryId, outcome);
        }

        @Override
        public boolean isSettled(String deliveryId) {
            return finished.containsKey(deliveryId);
        }

        @Override
        public String successorOf(String deliveryId) {
            return successors.get(deliveryId);
        }
    }

    TestWorkflowEnvironment env;
    ScriptedActivities activities;
    String lastWorkflowId;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        activities = new ScriptedActivities();
        Worker worker = env.newWorker(TaskQueues.NOTIFICATIONS);
        worker.registerWorkflowImplementationTypes(DeliveryWorkflowImpl.class);
        worker.registerActivitiesImplementations(activities);
        env.start();
    }

    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        RecordedHistories.keepIfAsked(env, lastWorkflowId, "delivery-" + test.getTestMethod().orElseThrow().getName());
        env.close();
    }

    private DeliveryOutcome deliver(String id, String predecessor) {
        lastWorkflowId = WorkflowIds.delivery("c", id);
        return env.getWorkflowClient().newWorkflowStub(DeliveryWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.NOTIFICATIONS).setWorkflowId(lastWorkflowId).build())
                .deliver(new DeliveryCommand(id, "c", predecessor));
    }

    @Test
    void givenEveryAttemptFailing_itShouldTrySixTimesOnTheLadder_andEndFailed() {
        activities.scripts.put("d1", List.of(AttemptResult.Outcome.FAILED));

        assertThat(deliver("d1", null)).isEqualTo(DeliveryOutcome.FAILED);

        assertThat(activities.attempts).hasSize(6);
        long first = activities.attemptTimes.getFirst();
        assertThat(activities.attemptTimes.stream().map(t -> Duration.ofMillis(t - first).toSeconds()).toList())
                .containsExactly(0L, 30L, 150L, 750L, 2550L, 9750L);
        assertThat(activities.finished).containsEntry("d1", DeliveryOutcome.FAILED);
    }

    @Test
    void givenTheThirdAttemptSucceeds_itShouldStopThere() {
        activities.scripts.put("d2", List.of(AttemptResult.Outcome.FAILED, AttemptResult.Outcome.FAILED,
                AttemptResult.Outcome.DELIVERED));

        assertThat(deliver("d2", null)).isEqualTo(DeliveryOutcome.DELIVERED);
        assertThat(activities.attempts).containsExactly("d2#1", "d2#2", "d2#3");
    }

    @Test
    void givenTheEndpointWentInactive_itShouldStopAndBeSuspended() {
        activities.scripts.put("d3", List.of(AttemptResult.Outcome.FAILED, AttemptResult.Outcome.ENDPOINT_INACTIVE));

        assertThat(deliver("d3", null)).isEqualTo(DeliveryOutcome.SUSPENDED);
        assertThat(activities.attempts).containsExactly("d3#1", "d3#2");
    }

    @Test
    void givenAPredecessor_itShouldNotAttemptUntilThePredecessorSettles() {
        activities.scripts.put("first", List.of(AttemptResult.Outcome.FAILED, AttemptResult.Outcome.DELIVERED));
        activities.scripts.put("second", List.of(AttemptResult.Outcome.DELIVERED));
        activities.successors.put("first", "second");
        WorkflowClient client = env.getWorkflowClient();
        DeliveryWorkflow second = client.newWorkflowStub(DeliveryWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.NOTIFICATIONS).setWorkflowId(WorkflowIds.delivery("c", "second")).build());
        WorkflowClient.start(second::deliver, new DeliveryCommand("second", "c", "first"));

        assertThat(deliver("first", null)).isEqualTo(DeliveryOutcome.DELIVERED);
        WorkflowStub.fromTyped(second).getResult(DeliveryOutcome.class);

        assertThat(activities.attempts).containsExactly("first#1", "first#2", "second#1");
    }

    @Test
    void givenAPredecessorThatNeverSettles_itShouldDeliverOnceTheWaitLimitHasPassed_notWaitForEver() {
        activities.scripts.put("orphan", List.of(AttemptResult.Outcome.DELIVERED));
        lastWorkflowId = WorkflowIds.delivery("c", "orphan");
        DeliveryWorkflow orphan = env.getWorkflowClient().newWorkflowStub(DeliveryWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.NOTIFICATIONS).setWorkflowId(lastWorkflowId)
                        // the test's own bound: a delivery that waited for ever would fail here instead of hanging
                        .setWorkflowExecutionTimeout(Duration.ofDays(2)).build());
        long startedAt = env.currentTimeMillis();

        assertThat(orphan.deliver(new DeliveryCommand("orphan", "c", "never-settled")))
                .isEqualTo(DeliveryOutcome.DELIVERED);

        assertThat(activities.attempts).containsExactly("orphan#1");
        assertThat(Duration.ofMillis(activities.attemptTimes.getFirst() - startedAt))
                .isGreaterThanOrEqualTo(Policies.DELIVERY_PREDECESSOR_WAIT_LIMIT);
        assertThat(activities.finished).containsEntry("orphan", DeliveryOutcome.DELIVERED);
    }
}
