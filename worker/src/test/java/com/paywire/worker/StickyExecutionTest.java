package com.paywire.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.MethodDescriptor;
import io.temporal.api.workflowservice.v1.RespondWorkflowTaskCompletedRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Whether the workers {@link TemporalWorkers} starts ask Temporal to send a workflow's next task to their own
 * sticky queue: by default they do; with sticky execution off they never do, so every task goes to the queue all
 * workers poll and a worker that dies strands nothing, even on the dev service
 * (docs/chaos.md#killed-workers-and-a-workaround-for-the-dev-service).
 */
class StickyExecutionTest {

    private static final String QUEUE = "sticky-test";

    @WorkflowInterface
    public interface Waiting {
        @WorkflowMethod
        String run();

        @SignalMethod
        void go();
    }

    public static class WaitingImpl implements Waiting {
        private boolean go;

        @Override
        public String run() {
            Workflow.await(() -> go);
            return "done";
        }

        @Override
        public void go() {
            go = true;
        }
    }

    /** What the workers told Temporal as they completed workflow tasks. */
    private final List<RespondWorkflowTaskCompletedRequest> completions = new CopyOnWriteArrayList<>();
    private TestWorkflowEnvironment env;
    private TemporalWorkers workers;

    @AfterEach
    void stop() {
        workers.stop();
        env.close();
    }

    @Test
    void withoutStickyExecutionNoWorkflowTaskIsKeptForTheWorker() {
        runWaitingWorkflow(false);

        assertThat(completions).isNotEmpty().noneMatch(RespondWorkflowTaskCompletedRequest::hasStickyAttributes);
    }

    @Test
    void byDefaultTheWorkerAsksForTheNextWorkflowTask() {
        runWaitingWorkflow(true);

        assertThat(completions).isNotEmpty().allMatch(RespondWorkflowTaskCompletedRequest::hasStickyAttributes);
    }

    /** A workflow that waits for a signal: two workflow tasks, the first completed before the signal comes. */
    private void runWaitingWorkflow(boolean sticky) {
        env = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowServiceStubsOptions(WorkflowServiceStubsOptions.newBuilder()
                        .setGrpcClientInterceptors(List.of(new CompletionRecorder())).build())
                .build());
        WorkflowClient client = env.getWorkflowClient();
        workers = new TemporalWorkers(client, new WorkerProperties(Set.of(QUEUE), 10, sticky, Duration.ofSeconds(10)),
                List.of(new TaskQueueRegistration(QUEUE, List.of(WaitingImpl.class), List.of())), List.of());
        workers.start();
        Waiting workflow = client.newWorkflowStub(Waiting.class,
                WorkflowOptions.newBuilder().setTaskQueue(QUEUE).setWorkflowId("waiting").build());
        WorkflowClient.start(workflow::run);
        WorkflowStub.fromTyped(workflow).query("__stack_trace", String.class); // answered after the first task
        workflow.go();
        assertThat(WorkflowStub.fromTyped(workflow).getResult(String.class)).isEqualTo("done");
    }

    private final class CompletionRecorder implements ClientInterceptor {
        @Override
        public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
            return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
                @Override
                public void sendMessage(Q message) {
                    if (message instanceof RespondWorkflowTaskCompletedRequest completion) {
                        completions.add(completion);
                    }
                    super.sendMessage(message);
                }
            };
        }
    }
}
