package com.paywire.workflows.cards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.cards.CardAuthorisationCommand.ForCheckout;
import com.paywire.workflows.checkout.InMemoryCards;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The card payment workflow alone, with time skipping, against the in-memory processor: how a payment that lives
 * long keeps its history bounded. The authorisation is a checkout's attempt from before attempts were children (it
 * is captured by Update, and its captures credit nothing), so that the in-memory ledger has nothing to credit.
 */
class CardPaymentWorkflowTest {

    static final String CLIENT = "client-1";
    /** Small enough that a few operations fill a run, large enough that the next run holds the test's refund. */
    static final int HISTORY_LIMIT = 60;

    TestWorkflowEnvironment env;
    InMemoryCards cards;
    String workflowId;
    WorkflowExecution firstRun;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
        cards = new InMemoryCards();
        env.newWorker(TaskQueues.NOTIFICATIONS).registerActivitiesImplementations(cards);
        Worker worker = env.newWorker(TaskQueues.CARDS);
        worker.registerWorkflowImplementationTypes(CardPaymentWorkflowImpl.class);
        worker.registerActivitiesImplementations(cards);
        env.start();
    }

    /** Keeps every run's history for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        RecordedHistories.keepEveryRunIfAsked(env, workflowId, firstRun == null ? null : firstRun.getRunId(),
                "card-payment-v4-continued-" + test.getTestMethod().orElseThrow().getName());
        env.close();
    }

    @Test
    void givenManyOperations_theRunShouldContinueAsNew_andTheNextRunKnowItsCapturesRefundsAndAnswers() {
        CardPaymentWorkflow payment = start("auth_long");
        assertThat(payment.authorisation().authorised()).isTrue();
        payment.capture(operation("cap_1", "req-cap-1", "60.00", null));
        payment.refund(operation("ref_1", "req-ref-1", "10.00", "cap_1"));
        CardOperationResult secondCapture = payment.capture(operation("cap_2", "req-cap-2", "30.00", null));

        assertThat(lastEventOf(firstRun)).as("the long run handed on to a new one").isEqualTo(
                EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW);
        CardPaymentWorkflow nextRun = env.getWorkflowClient().newWorkflowStub(CardPaymentWorkflow.class, workflowId);

        assertThat(nextRun.refund(operation("ref_2", "req-ref-2", "40.00", "cap_1")).status())
                .isEqualTo(CardTransactionStatus.REFUND_INITIATED);
        assertThatThrownBy(() -> nextRun.refund(operation("ref_3", "req-ref-3", "30.00", "cap_1")))
                .isInstanceOf(WorkflowUpdateException.class)
                .rootCause().hasMessageContaining("more than the 10.00 KES refundable on capture cap_1");
        assertThat(nextRun.capture(operation("cap_2", "req-cap-2", "30.00", null)))
                .as("the same request, answered as before").isEqualTo(secondCapture);
        assertThat(nextRun.status()).isEqualTo(CardTransactionStatus.CAPTURED);
        assertThat(cards.captured).containsExactly("cap_1", "cap_2");
        assertThat(cards.refunded).containsExactly("ref_1", "ref_2");
    }

    private CardPaymentWorkflow start(String authorisationId) {
        workflowId = WorkflowIds.cardPayment(CLIENT, authorisationId);
        CardPaymentWorkflow payment = env.getWorkflowClient().newWorkflowStub(CardPaymentWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.CARDS).setWorkflowId(workflowId).build());
        firstRun = WorkflowClient.start(payment::run, new CardAuthorisationCommand(CLIENT, authorisationId,
                "req-" + authorisationId, new BigDecimal("100.00"), "KES", "good-token", "VISA", "1111", "12", "2031",
                null, null, null, Duration.ofDays(7), 0L, null,
                new ForCheckout("chk-1", null, "attempt-1", null, null, null, null, null, null), HISTORY_LIMIT, null));
        return payment;
    }

    private static CardOperation operation(String id, String requestId, String amount, String captureId) {
        return new CardOperation(id, requestId, new BigDecimal(amount), captureId, 0L);
    }

    /**
     * How the run ended, or its last event while it runs. A run continues as new in the workflow task that completes
     * the Update it waited for, so by the time an Update has answered, the run it ended is closed.
     */
    private EventType lastEventOf(WorkflowExecution run) {
        return env.getWorkflowClient().fetchHistory(run.getWorkflowId(), run.getRunId()).getLastEvent().getEventType();
    }
}
