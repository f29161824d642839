package com.paywire.workflows.logging;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.TemporalConnection;
import com.paywire.workflows.payloads.PayloadEncryption;
import com.paywire.workflows.payloads.PayloadKeys;
import com.paywire.workflows.payouts.PaymentOrderCommand;
import com.paywire.workflows.payouts.PaymentOrderLineWorkflow;
import com.paywire.workflows.payouts.PaymentOrderWorkflow;
import com.paywire.workflows.payouts.PaymentOrderWorkflowImpl;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.PayoutTiming;
import com.paywire.workflows.payouts.RailResult;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityOptions;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import io.temporal.workflow.Workflow;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

/**
 * The payment's ids travel with the work: from the thread that starts a workflow to the workflow and its activities,
 * and from an order to each line's workflow, which names the line instead of the order.
 */
class PaymentContextPropagationTest {

    static final PayoutTiming TIMING = new PayoutTiming(Duration.ofMinutes(2), Duration.ofSeconds(30),
            Duration.ofHours(3), 5);
    /** What each line's workflow and its activity saw in the logging context, by stan. */
    static final Map<String, PaymentContext> SEEN_BY_WORKFLOW = new ConcurrentHashMap<>();
    static final Map<String, PaymentContext> SEEN_BY_ACTIVITY = new ConcurrentHashMap<>();

    TestWorkflowEnvironment env;

    @ActivityInterface
    public interface LineStep {
        void step(String stan);
    }

    public static class RecordingLineStep implements LineStep {
        @Override
        public void step(String stan) {
            SEEN_BY_ACTIVITY.put(stan, PaymentContext.current());
        }
    }

    /** Stands in for the line workflow: notes what it and its activity see. */
    public static class RecordingLineWorkflow implements PaymentOrderLineWorkflow {
        private final LineStep step = Workflow.newActivityStub(LineStep.class,
                ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(10)).build());

        @Override
        public LineStatus process(PayoutLineCommand line) {
            SEEN_BY_WORKFLOW.put(line.systemTraceAuditNumber(), PaymentContext.current());
            step.step(line.systemTraceAuditNumber());
            return LineStatus.COMPLETED;
        }

        @Override
        public void railResult(RailResult result) {
        }

        @Override
        public LineStatus status() {
            return LineStatus.COMPLETED;
        }
    }

    @BeforeEach
    void setUp() {
        SEEN_BY_WORKFLOW.clear();
        SEEN_BY_ACTIVITY.clear();
        env = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(TemporalConnection.clientOptions("default", new PayloadEncryption(
                        PayloadKeys.parse("test", "test=dGVzdC1vbmx5LXBheWxvYWQta2V5LTMyLWJ5dGVzISE="))))
                .build());
        SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
        Worker worker = env.newWorker(TaskQueues.PAYOUTS);
        worker.registerWorkflowImplementationTypes(PaymentOrderWorkflowImpl.class, RecordingLineWorkflow.class);
        worker.registerActivitiesImplementations(new RecordingLineStep());
        env.start();
    }

    @AfterEach
    void tearDown() {
        env.close();
        MDC.clear();
    }

    @Test
    void givenAPaymentContextWhenALineStarts_itsWorkflowAndItsActivitiesShouldLogWithIt() {
        PaymentOrderLineWorkflow line = env.getWorkflowClient().newWorkflowStub(PaymentOrderLineWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.PAYOUTS).setWorkflowId("line-1").build());
        try (PaymentContext.Scope scope = new PaymentContext("client-a", "stan-1", "line-ref-1").open()) {
            WorkflowClient.start(line::process, line("stan-1", "line-ref-1"));
        }
        assertThat(MDC.get(PaymentContext.CLIENT_ID)).as("the starter's context is closed again").isNull();

        WorkflowClient.newInstance(env.getWorkflowServiceStubs(), env.getWorkflowClient().getOptions())
                .newUntypedWorkflowStub("line-1").getResult(LineStatus.class);
        PaymentContext expected = new PaymentContext("client-a", "stan-1", "line-ref-1");
        assertThat(SEEN_BY_WORKFLOW).containsEntry("stan-1", expected);
        assertThat(SEEN_BY_ACTIVITY).containsEntry("stan-1", expected);
    }

    @Test
    void givenAnOrderOfTwoLines_eachLineShouldLogWithItsOwnIds() {
        PaymentOrderWorkflow order = env.getWorkflowClient().newWorkflowStub(PaymentOrderWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.PAYOUTS).setWorkflowId("order-1").build());
        try (PaymentContext.Scope scope = new PaymentContext("client-a", "ocid-1", "order-1").open()) {
            order.process(new PaymentOrderCommand("client-a", "order-1", "ocid-1",
                    List.of(line("stan-1", "line-ref-1"), line("stan-2", "line-ref-2")), TIMING));
        }

        assertThat(SEEN_BY_WORKFLOW).containsEntry("stan-1", new PaymentContext("client-a", "stan-1", "line-ref-1"))
                .containsEntry("stan-2", new PaymentContext("client-a", "stan-2", "line-ref-2"));
        assertThat(SEEN_BY_ACTIVITY).containsEntry("stan-2", new PaymentContext("client-a", "stan-2", "line-ref-2"));
    }

    @Test
    void givenAStartWithoutAPaymentContext_anActivityShouldNotKeepTheIdsOfTheOneBeforeIt() {
        try (PaymentContext.Scope scope = new PaymentContext("client-a", "stan-1", "line-ref-1").open()) {
            run("line-1", line("stan-1", "line-ref-1"));
        }
        run("line-2", line("stan-2", "line-ref-2"));

        assertThat(SEEN_BY_ACTIVITY).containsEntry("stan-2", new PaymentContext(null, null, null));
    }

    private void run(String workflowId, PayoutLineCommand command) {
        env.getWorkflowClient().newWorkflowStub(PaymentOrderLineWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.PAYOUTS).setWorkflowId(workflowId).build())
                .process(command);
    }

    private static PayoutLineCommand line(String stan, String reference) {
        return new PayoutLineCommand("client-a", "order-1", reference, stan, Rail.MOBILE_MONEY, 1,
                new BigDecimal("100.00"), "KES", "+254700000000", "A", "63902", "x", TIMING, false, null, reference);
    }
}
