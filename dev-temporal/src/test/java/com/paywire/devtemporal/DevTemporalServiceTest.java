package com.paywire.devtemporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityOptions;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The dev service keeps no lock log, and runs workflows (activities and timers) as it did; without the work-around
 * the SDK's service keeps a log entry for every lock and unlock it ever took. Should that second test fail after an
 * SDK upgrade, the SDK has mended its timer and the work-around can go.
 */
class DevTemporalServiceTest {

    private static final String QUEUE = "dev-service-test";
    private static final int WORKFLOWS = 20;

    @WorkflowInterface
    public interface Sleepy {
        @WorkflowMethod
        String run(String name);
    }

    @ActivityInterface
    public interface Greeting {
        String greet(String name);
    }

    public static class SleepyImpl implements Sleepy {
        private final Greeting greeting = Workflow.newActivityStub(Greeting.class,
                ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(10)).build());

        @Override
        public String run(String name) {
            Workflow.sleep(Duration.ofMillis(20));
            return greeting.greet(name);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Runs the workflows against the service on {@code port}, each to its end; returns how many said hello. */
    private static int runWorkflows(int port) {
        WorkflowServiceStubs service = WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + port).build());
        try {
            WorkflowClient client = WorkflowClient.newInstance(service);
            WorkerFactory workers = WorkerFactory.newInstance(client);
            Worker worker = workers.newWorker(QUEUE);
            worker.registerWorkflowImplementationTypes(SleepyImpl.class);
            worker.registerActivitiesImplementations((Greeting) name -> "hello " + name);
            workers.start();
            int greeted = 0;
            for (int n = 0; n < WORKFLOWS; n++) {
                Sleepy workflow = client.newWorkflowStub(Sleepy.class,
                        WorkflowOptions.newBuilder().setTaskQueue(QUEUE).setWorkflowId("sleepy-" + n).build());
                if (workflow.run("n" + n).equals("hello n" + n)) {
                    greeted++;
                }
            }
            workers.shutdownNow();
            return greeted;
        } finally {
            service.shutdownNow();
        }
    }

    @Test
    void givenWorkflowsWithActivitiesAndTimers_theServiceShouldRunThemAll_keepingNoLockEvents() throws Exception {
        int port = freePort();
        try (TestServer.PortBoundTestServer server = DevTemporalService.start(port)) {
            assertThat(runWorkflows(port)).isEqualTo(WORKFLOWS);

            assertThat(DevTemporalService.lockEventsKept(server)).isZero();
        }
    }

    @Test
    void givenTheSdksOwnService_itsLockLogShouldGrowWithTheWorkflowsRun() throws Exception {
        int port = freePort();
        try (TestServer.PortBoundTestServer server = TestServer.createPortBoundServer(port)) {
            runWorkflows(port);

            assertThat(DevTemporalService.lockEventsKept(server)).isGreaterThan(WORKFLOWS);
        }
    }
}
