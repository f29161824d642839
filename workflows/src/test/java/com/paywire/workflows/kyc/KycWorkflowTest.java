package com.paywire.workflows.kyc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.vocabulary.lookups.KycResponseCode;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** The KYC workflow alone, against in-memory activities, with time skipping: registry outages and retention. */
class KycWorkflowTest {

    static final Duration WINDOW = Duration.ofMinutes(2);
    static final Duration RETENTION = Duration.ofDays(30);

    /** A registry that fails as told for its first attempts, then answers; the record steps note when they ran. */
    final class Registry implements IdentityRegistryActivities, KycActivities {
        volatile FailureType failure;
        volatile int failingAttempts;
        final AtomicInteger attempts = new AtomicInteger();
        final Map<String, KycVerdict> closed = new ConcurrentHashMap<>();
        final List<String> steps = new CopyOnWriteArrayList<>();
        volatile long closedAt;
        volatile long erasedAt;

        @Override
        public KycVerdict verify(String requestId) {
            if (attempts.incrementAndGet() <= failingAttempts) {
                throw failure.failure("registry failed as " + failure, null);
            }
            return KycVerdict.of(KycResponseCode.VERIFIED, "Identity verified", Map.of("firstName", "MATCHED"));
        }

        @Override
        public void close(String requestId, KycVerdict verdict) {
            closed.put(requestId, verdict);
            closedAt = env.currentTimeMillis();
            steps.add("close");
        }

        @Override
        public void erasePersonalData(String requestId) {
            erasedAt = env.currentTimeMillis();
            steps.add("erase");
        }
    }

    TestWorkflowEnvironment env;
    Registry registry;
    String lastWorkflowId;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        registry = new Registry();
        Worker worker = env.newWorker(TaskQueues.PLATFORM);
        worker.registerWorkflowImplementationTypes(KycWorkflowImpl.class);
        worker.registerActivitiesImplementations(registry);
        env.start();
    }

    /** Keeps the workflow's history for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        RecordedHistories.keepIfAsked(env, lastWorkflowId, "kyc-" + test.getTestMethod().orElseThrow().getName());
        env.close();
    }

    @Test
    void givenTheRegistryAnswers_theVerdictShouldBeRecorded_andThePersonalDataErasedOnlyWhenTheRetentionEnds() {
        String code = start("stan-1").verify(command("stan-1"));

        assertThat(code).isEqualTo(KycResponseCode.VERIFIED.code());
        assertThat(registry.closed.get("req-stan-1").fieldMatches()).containsEntry("firstName", "MATCHED");
        assertThat(registry.steps).containsExactly("close", "erase");
        assertThat(Duration.ofMillis(registry.erasedAt - registry.closedAt)).isGreaterThanOrEqualTo(RETENTION);
    }

    @Test
    void givenTheRegistryIsAwayForTheWholeWindow_theRequestShouldFailWith91_afterRetrying() {
        registry.failure = FailureType.RAIL_UNAVAILABLE;
        registry.failingAttempts = Integer.MAX_VALUE;

        String code = start("stan-2").verify(command("stan-2"));

        assertThat(code).isEqualTo(KycResponseCode.REGISTRY_UNAVAILABLE.code());
        assertThat(registry.closed.get("req-stan-2").registryAnswered()).isFalse();
        assertThat(registry.attempts.get()).as("an outage is retried through the window").isGreaterThan(3);
        assertThat(registry.steps).containsExactly("close", "erase");
    }

    @Test
    void givenTheRegistryComesBackWithinTheWindow_theRequestShouldGetItsVerdict() {
        registry.failure = FailureType.RAIL_UNAVAILABLE;
        registry.failingAttempts = 3;

        String code = start("stan-3").verify(command("stan-3"));

        assertThat(code).isEqualTo(KycResponseCode.VERIFIED.code());
        assertThat(registry.attempts.get()).isEqualTo(4);
    }

    @Test
    void givenAnAnswerThatCannotBeRead_theRequestShouldFailVisibly_notPretendTheRegistryWasAway() {
        registry.failure = FailureType.BAD_DATA;
        registry.failingAttempts = Integer.MAX_VALUE;

        assertThatThrownBy(() -> start("stan-4").verify(command("stan-4"))).isInstanceOf(WorkflowFailedException.class);

        assertThat(registry.closed).as("nothing is recorded on a guess").isEmpty();
        assertThat(registry.attempts.get()).as("bad data is not retried").isEqualTo(1);
    }

    private KycWorkflow start(String stan) {
        lastWorkflowId = WorkflowIds.kyc("client-1", stan);
        return env.getWorkflowClient().newWorkflowStub(KycWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.PLATFORM).setWorkflowId(lastWorkflowId).build());
    }

    private static KycCommand command(String stan) {
        return new KycCommand("req-" + stan, "client-1", stan, WINDOW, RETENTION);
    }
}
