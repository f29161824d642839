package com.paywire.bench;

import io.temporal.activity.Activity;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityOptions;
import io.temporal.activity.LocalActivityOptions;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The engine's floor, of a payout line's shape: what a line must do at minimum with Temporal. A client starts it;
 * it runs activities of the kinds a line runs, in the same order, each doing nothing (reserveFunds,
 * claimForSending: local; sendPayout: ordinary; closeLine, publishOutcome: local); between sending and closing it
 * waits for one signal from outside, which the send activity's worker process sends a moment after it returned,
 * as a rail calls back after answering.
 */
@WorkflowInterface
public interface BareWorkflow {

    String TASK_QUEUE = "bench-floor";

    @WorkflowMethod
    void run();

    /** Stands for the rail's callback. */
    @SignalMethod
    void railResult(String result);

    @ActivityInterface
    interface Steps {
        void reserveFunds();

        void claimForSending();

        void sendPayout();

        void closeLine();

        void publishOutcome();
    }

    class Impl implements BareWorkflow {
        private final Steps ordinary = Workflow.newActivityStub(Steps.class,
                ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(10)).build());
        private final Steps local = Workflow.newLocalActivityStub(Steps.class,
                LocalActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(10)).build());
        private String callback;

        @Override
        public void run() {
            local.reserveFunds();
            local.claimForSending();
            ordinary.sendPayout();
            Workflow.await(() -> callback != null);
            local.closeLine();
            local.publishOutcome();
        }

        @Override
        public void railResult(String result) {
            callback = result;
        }
    }

    /** No-ops, but for sendPayout, which has the workflow signalled from outside once it returned. */
    class NoopSteps implements Steps {
        private final WorkflowClient client;
        private final ExecutorService rail = Executors.newFixedThreadPool(4);

        NoopSteps(WorkflowClient client) {
            this.client = client;
        }

        @Override
        public void reserveFunds() {
        }

        @Override
        public void claimForSending() {
        }

        @Override
        public void sendPayout() {
            String workflowId = Activity.getExecutionContext().getInfo().getWorkflowId();
            rail.execute(() -> client.newWorkflowStub(BareWorkflow.class, workflowId).railResult("0"));
        }

        @Override
        public void closeLine() {
        }

        @Override
        public void publishOutcome() {
        }
    }

    /** The floor's worker, with the SDK's default options as Paywire's worker has them. */
    static void startWorker(WorkflowServiceStubs service) {
        WorkflowClient client = WorkflowClient.newInstance(service);
        WorkerFactory factory = WorkerFactory.newInstance(client);
        Worker worker = factory.newWorker(TASK_QUEUE);
        worker.registerWorkflowImplementationTypes(Impl.class);
        worker.registerActivitiesImplementations(new NoopSteps(client));
        factory.start();
    }
}
