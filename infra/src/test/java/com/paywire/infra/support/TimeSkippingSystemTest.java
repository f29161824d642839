package com.paywire.infra.support;

import com.paywire.api.ApiApplication;
import io.temporal.payload.codec.PayloadCodec;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where a system test on the {@link TimeSkippingPlatform} starts from: the real API on a random port over its own
 * database, every workflow on the time-skipping service, a client of the API and the sandbox client's token.
 * Each test class gets its own context, so its own database and its own time-skipping service: workflows another
 * class left running (reminders, retention timers, deliveries still retrying) would otherwise run on whenever a
 * wait here skips time, and a class's outcome would depend on which classes ran before it.
 */
@SpringBootTest(classes = {ApiApplication.class, TimeSkippingPlatform.class},
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.config.name=" + ApiApplication.CONFIG_NAME, "spring.profiles.active=local"})
@ContextConfiguration(initializers = TimeSkippingPlatform.FreshDatabase.class)
@DirtiesContext
public abstract class TimeSkippingSystemTest {

    /**
     * How long, in real time, a test waits for a workflow's result. Time skipping makes every workflow here end
     * within seconds; a wait this long means a workflow is stuck, and the test fails saying where.
     */
    private static final Duration RESULT_WAIT = Duration.ofSeconds(90);

    @LocalServerPort
    protected int port;
    @Autowired
    protected TestWorkflowEnvironment env;
    @Autowired
    protected JdbcClient jdbc;
    @Autowired
    protected JsonMapper json;
    @Autowired
    private PayloadCodec payloadCodec;
    protected RestClient http;
    protected String token;

    /**
     * A test that runs past the default timeout (see the build's test settings) fails with the same report as a
     * wait for a workflow that never ends, so that the machine where it hung shows where.
     */
    @RegisterExtension
    final TestExecutionExceptionHandler reportTimeout = (context, thrown) -> {
        if (thrown instanceof TimeoutException) {
            throw new AssertionError(thrown.getMessage() + StuckWaitReport.of(env), thrown);
        }
        throw thrown;
    };

    @BeforeEach
    void connectAsTheSandboxClient() {
        http = TimeSkippingPlatform.http(port);
        token = TimeSkippingPlatform.sandboxToken(http);
    }

    /**
     * The workflow's history for the replay tests (-Dpaywire.recordHistories), its payloads decoded: histories are
     * kept as they were before payloads were encrypted.
     */
    protected String historyToKeep(String workflowId) {
        return DecodedHistory.of(env.getWorkflowClient().fetchHistory(workflowId), payloadCodec).toJson(true);
    }

    /**
     * The result of the workflow with this id, skipping time while waiting (as any client wait on this service
     * does), at most {@link #RESULT_WAIT} of real time.
     */
    protected <T> T resultOf(String workflowId, Class<T> type) {
        try {
            return env.getWorkflowClient().newUntypedWorkflowStub(workflowId)
                    .getResult(RESULT_WAIT.toSeconds(), TimeUnit.SECONDS, type);
        } catch (TimeoutException stuck) {
            throw new AssertionError("workflow " + workflowId + " gave no result within " + RESULT_WAIT
                    + StuckWaitReport.of(env, workflowId), stuck);
        }
    }
}
