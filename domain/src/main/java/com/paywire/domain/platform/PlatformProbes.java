package com.paywire.domain.platform;

import com.paywire.workflows.TemporalConnection;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Does each service a role depends on answer right now? Each probe is bounded by {@link #PROBE_TIMEOUT}. The roles'
 * health indicators and the API's health check ask them.
 */
@Component
public class PlatformProbes {

    /** How long a status probe may wait for PostgreSQL or Temporal before the platform counts as unhealthy. */
    public static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    private static final Logger log = LoggerFactory.getLogger(PlatformProbes.class);

    private final JdbcClient jdbc;
    private final WorkflowServiceStubs temporal;

    PlatformProbes(JdbcClient jdbc, WorkflowServiceStubs temporal) {
        this.jdbc = jdbc;
        this.temporal = temporal;
    }

    private String temporalAddress() {
        return temporal.getOptions().getTarget();
    }

    public boolean databaseAnswers() {
        try {
            jdbc.sql("select 1").withQueryTimeout((int) PROBE_TIMEOUT.toSeconds())
                    .query(Integer.class).single();
            return true;
        } catch (RuntimeException e) {
            log.warn("PostgreSQL does not answer: {}", e.getMessage());
            return false;
        }
    }

    public boolean temporalAnswers() {
        try {
            // with the connection's credentials: a cluster that authenticates every call may refuse a bare one
            HealthCheckResponse response = HealthGrpc.newBlockingStub(TemporalConnection.channelWithCredentials(temporal))
                    .withDeadlineAfter(PROBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .check(HealthCheckRequest.newBuilder()
                            .setService(WorkflowServiceStubs.HEALTH_CHECK_SERVICE_NAME).build());
            return response.getStatus() == HealthCheckResponse.ServingStatus.SERVING;
        } catch (RuntimeException e) {
            log.warn("Temporal at {} does not answer: {}", temporalAddress(), e.getMessage());
            // gRPC backs off reconnecting for up to two minutes; the next probe should look again at once
            temporal.getRawChannel().resetConnectBackoff();
            return false;
        }
    }
}
