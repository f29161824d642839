package com.paywire.workflows.collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** The express deposit workflow alone, against in-memory activities, with time skipping: how rail failures read. */
class ExpressDepositWorkflowTest {

    /** A rail whose prompt fails with the failure type the test sets; the deposit steps only remember the outcome. */
    static final class FailingRail implements StkPushRailActivities, DepositActivities {
        volatile FailureType promptFailure;
        final AtomicInteger promptAttempts = new AtomicInteger();
        final Map<String, PromptResult> settled = new ConcurrentHashMap<>();

        @Override
        public PromptAcknowledgement sendPrompt(DepositCommand deposit) {
            promptAttempts.incrementAndGet();
            throw promptFailure.failure("prompt failed as " + promptFailure, null);
        }

        @Override
        public PromptResult queryPrompt(String depositId) {
            throw new UnsupportedOperationException("a prompt never sent is not queried");
        }

        @Override
        public void recordPrompt(String depositId, PromptAcknowledgement acknowledgement) {
            throw new UnsupportedOperationException("a prompt never sent is not recorded");
        }

        @Override
        public void closeDeposit(String depositId, PromptResult result) {
            settled.put(depositId, result);
        }
    }

    TestWorkflowEnvironment env;
    FailingRail rail;
    String lastWorkflowId;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        rail = new FailingRail();
        Worker worker = env.newWorker(TaskQueues.COLLECTIONS);
        worker.registerWorkflowImplementationTypes(ExpressDepositWorkflowImpl.class);
        worker.registerActivitiesImplementations(rail);
        env.start();
    }

    /** Keeps the workflow's history for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        RecordedHistories.keepIfAsked(env, lastWorkflowId,
                "express-deposit-v1-" + test.getTestMethod().orElseThrow().getName());
        env.close();
    }

    @Test
    void givenARailThatCannotBeReached_theDepositShouldEndNotReached_afterRetryingForTheGiveUpWindow() {
        rail.promptFailure = FailureType.RAIL_UNAVAILABLE;

        String resultCode = start("dep-unreachable").process(command("dep-unreachable"));

        assertThat(resultCode).isEqualTo(PromptResult.NOT_REACHED);
        assertThat(rail.settled.get("dep-unreachable").resultCode()).isEqualTo(PromptResult.NOT_REACHED);
        assertThat(rail.promptAttempts.get()).as("transport failures are retried").isGreaterThan(1);
    }

    @Test
    void givenAnAnswerThatCannotBeRead_theDepositShouldFailVisibly_notPretendThePayerWasUnreachable() {
        rail.promptFailure = FailureType.BAD_DATA;

        assertThatThrownBy(() -> start("dep-garbled").process(command("dep-garbled")))
                .isInstanceOf(WorkflowFailedException.class);

        assertThat(rail.settled).as("nothing is settled on a guess").isEmpty();
        assertThat(rail.promptAttempts.get()).as("bad data is not retried").isEqualTo(1);
    }

    private ExpressDepositWorkflow start(String depositId) {
        lastWorkflowId = WorkflowIds.expressDeposit("client-1", "ocid-" + depositId);
        return env.getWorkflowClient().newWorkflowStub(ExpressDepositWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.COLLECTIONS).setWorkflowId(lastWorkflowId)
                .setWorkflowExecutionTimeout(Duration.ofHours(1)).build());
    }

    private static DepositCommand command(String depositId) {
        return new DepositCommand(depositId, "client-1", "ocid-" + depositId, "254708374149", new BigDecimal("10.00"),
                "INV-1", "Invoice", Duration.ofMinutes(2));
    }
}
