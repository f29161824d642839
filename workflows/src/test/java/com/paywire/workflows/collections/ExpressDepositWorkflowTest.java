package com.paywire.workflows.collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.SearchAttributeRegistration;
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

    /**
     * A rail whose prompt fails with the failure type the test sets, or, with none, takes the prompt and never
     * answers it; the deposit steps only remember the outcome. The hooks let the payer's answer arrive while the
     * rail is asked or while the deposit closes.
     */
    static final class FailingRail implements StkPushRailActivities, DepositActivities {
        volatile FailureType promptFailure;
        volatile Runnable whileAsked = () -> { };
        volatile Runnable whileClosing = () -> { };
        final AtomicInteger promptAttempts = new AtomicInteger();
        final Map<String, PromptResult> settled = new ConcurrentHashMap<>();
        final Map<String, PromptResult> settledLate = new ConcurrentHashMap<>();

        @Override
        public PromptAcknowledgement sendPrompt(DepositCommand deposit) {
            promptAttempts.incrementAndGet();
            if (promptFailure == null) {
                return new PromptAcknowledgement(true, "MR-1", "ws_CO_1", null);
            }
            throw promptFailure.failure("prompt failed as " + promptFailure, null);
        }

        @Override
        public PromptResult queryPrompt(String depositId) {
            whileAsked.run();
            return PromptResult.pending(depositId);
        }

        @Override
        public void recordPrompt(String depositId, PromptAcknowledgement acknowledgement) {
        }

        @Override
        public void closeDeposit(String depositId, PromptResult result) {
            settled.put(depositId, result);
            whileClosing.run();
        }

        @Override
        public LateSuccess closeLateSuccess(String depositId, PromptResult result) {
            settledLate.put(depositId, result);
            return LateSuccess.DONE;
        }
    }

    TestWorkflowEnvironment env;
    FailingRail rail;
    String lastWorkflowId;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
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

    @Test
    void givenASuccessArrivingWhileTheDepositClosesUnpaid_itShouldBeClosedLate_andThePaymentReported() {
        rail.promptFailure = null;
        ExpressDepositWorkflow deposit = start("dep-closing");
        rail.whileClosing = () -> signalPaid("dep-closing");

        String resultCode = deposit.process(command("dep-closing"));

        assertThat(rail.settled.get("dep-closing").resultCode()).isEqualTo(PromptResult.NOT_REACHED);
        assertThat(rail.settledLate.get("dep-closing").receiptNumber()).isEqualTo("LATE1RCPT");
        assertThat(resultCode).as("a checkout waiting on this deposit is told it was paid")
                .isEqualTo(PromptResult.SUCCESS);
    }

    @Test
    void givenASuccessArrivingWhileTheRailIsAsked_itShouldBeTheOutcome_notNotReached() {
        rail.promptFailure = null;
        ExpressDepositWorkflow deposit = start("dep-asked");
        rail.whileAsked = () -> signalPaid("dep-asked");

        assertThat(deposit.process(command("dep-asked"))).isEqualTo(PromptResult.SUCCESS);
        assertThat(rail.settled.get("dep-asked").receiptNumber()).isEqualTo("LATE1RCPT");
        assertThat(rail.settledLate).isEmpty();
    }

    /** The rail's success callback, as RailCallbacks signals it, from an activity's thread. */
    private void signalPaid(String depositId) {
        env.getWorkflowClient().newWorkflowStub(ExpressDepositWorkflow.class,
                WorkflowIds.expressDeposit("client-1", "ocid-" + depositId)).promptResult(new PromptResult(depositId,
                PromptResult.State.ANSWERED, PromptResult.SUCCESS, "Paid", "LATE1RCPT", "20261120101010"));
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
